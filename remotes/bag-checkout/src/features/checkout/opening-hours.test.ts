import pt from '../../i18n/pt';
import { openingHours } from './opening-hours';

const inPortuguese = (text: string) => openingHours(text, (word) => (pt.delivery.days as Record<string, string>)[word]!);

describe('a pickup point’s opening hours', () => {
  it('say their days in Portuguese and keep the times', () => {
    expect(inPortuguese('Mon–Sat 09:00–19:00')).toBe('Seg–Sáb 09:00–19:00');
    expect(inPortuguese('Every day 08:00–22:00')).toBe('Todos os dias 08:00–22:00');
    expect(inPortuguese('Mon–Fri 09:00–20:00, Sun 10:00–13:00')).toBe('Seg–Sex 09:00–20:00, Dom 10:00–13:00');
  });

  it('leave text without day words as it is', () => {
    expect(inPortuguese('10:00–20:00')).toBe('10:00–20:00');
  });
});
