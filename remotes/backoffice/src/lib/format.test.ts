import { formatDay, formatFromNow, formatMoment, formatMoney, formatShare } from './format';

describe('formatFromNow (a claim’s answer-by time at a glance)', () => {
  const now = Date.parse('2026-11-20T10:00:00Z');
  it('says hours under two days, ahead or past, in the member’s language', () => {
    expect(formatFromNow('2026-11-20T15:00:00Z', 'en', now)).toBe('in 5 hours');
    expect(formatFromNow('2026-11-20T07:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatFromNow('2026-11-20T15:00:00Z', 'pt', now)).toBe('dentro de 5 horas');
    expect(formatFromNow('2026-11-17T10:00:00Z', 'es', now)).toBe('hace 3 días');
  });
  it('says days from two days on', () => {
    expect(formatFromNow('2026-11-17T10:00:00Z', 'en', now)).toBe('3 days ago');
  });
});

describe('the console in Spanish (es-ES)', () => {
  it('writes moments, days, money and shares as Spain does, in Lisbon time', () => {
    expect(formatMoment('2026-11-20T10:23:00Z', 'es')).toBe('20 nov 2026, 10:23');
    expect(formatDay('2026-11-30', 'es')).toBe('30 nov 2026');
    expect(formatMoney(1240.5, 'es')).toBe('1240,50\u00a0€');
    expect(formatShare(0.125, 'es')).toBe('12,5\u00a0%');
  });
});
