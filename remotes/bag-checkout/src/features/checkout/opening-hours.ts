/** The day words of a pickup point's opening hours, as the carrier writes them (English). */
const DAY_WORDS = /\b(Every day|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/g;

/**
 * A pickup point's opening hours ("Mon–Sat 09:00–19:00", "Every day 08:00–22:00") in the shopper's
 * words: each day word through `day` ('every' for "Every day"), the times as they are.
 */
export function openingHours(text: string, day: (word: string) => string): string {
  return text.replace(DAY_WORDS, (word) => day(word === 'Every day' ? 'every' : word));
}
