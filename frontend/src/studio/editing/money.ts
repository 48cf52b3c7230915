/**
 * Prices as the owner types them and as the API keeps them (pure): euros in the field
 * ("12,95" or "12.95"), whole cents to the API (1295).
 */

/** Euros with at most two decimals, a comma or a point before the cents. */
export const EUROS = /^\d{1,5}(?:[.,]\d{1,2})?$/;

/** "12.95" for 1295 (a point: the field takes a comma as well). */
export const eurosFromCents = (cents: number) => (cents / 100).toFixed(2);

/** 1295 for "12,95"; null when the text is no amount in euros. */
export function centsFromEuros(text: string): number | null {
  const typed = text.trim();
  if (!EUROS.test(typed)) return null;
  const [whole, fraction = ""] = typed.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
