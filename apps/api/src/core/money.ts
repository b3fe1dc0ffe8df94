/** Cents (integers, as stored) as euros with 2 decimals, as the wire carries them (DESIGN §5). */
export const euros = (cents: number) => Math.round(cents) / 100;
