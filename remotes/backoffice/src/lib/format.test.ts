import { formatFromNow } from './format';

describe('formatFromNow (a claim’s answer-by time at a glance)', () => {
  const now = Date.parse('2026-11-20T10:00:00Z');
  it('says hours under two days, ahead or past, in the member’s language', () => {
    expect(formatFromNow('2026-11-20T15:00:00Z', 'en', now)).toBe('in 5 hours');
    expect(formatFromNow('2026-11-20T07:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatFromNow('2026-11-20T15:00:00Z', 'pt', now)).toBe('dentro de 5 horas');
  });
  it('says days from two days on', () => {
    expect(formatFromNow('2026-11-17T10:00:00Z', 'en', now)).toBe('3 days ago');
  });
});
