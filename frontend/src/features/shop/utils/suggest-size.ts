/** "My child weighs … kg": the size guide's row for a weight (pure). */
import type { SizeGuideRow } from "../types";

export type SizeSuggestion =
  | { kind: "fits"; row: SizeGuideRow }
  /** Lighter than the smallest size is made for. */
  | { kind: "too-light"; row: SizeGuideRow }
  /** Heavier than the largest size is made for. */
  | { kind: "too-heavy"; row: SizeGuideRow };

/** A typed weight ("18", "18,5", "18.5 kg") in kg, or null when it is not a positive number. */
export function parseWeight(text: string): number | null {
  const match = /^\s*(\d{1,3}(?:[.,]\d+)?)\s*(?:kg)?\s*$/i.exec(text);
  if (!match?.[1]) return null;
  const kg = Number(match[1].replace(",", "."));
  return kg > 0 ? kg : null;
}

/**
 * The size whose range holds the weight. Where two ranges meet (15 kg: XS 12–15, S 15–18) the
 * larger size wins, so the suit still fits as the child grows; the largest size includes its maximum.
 */
export function suggestSize(guide: SizeGuideRow[], kg: number): SizeSuggestion | null {
  const first = guide[0];
  const last = guide[guide.length - 1];
  if (!first || !last) return null;
  if (kg < first.minKg) return { kind: "too-light", row: first };
  if (kg > last.maxKg) return { kind: "too-heavy", row: last };
  // The guide runs from small to large: the first size whose maximum is above the weight.
  const row = guide.find((candidate) => kg < candidate.maxKg) ?? last;
  return { kind: "fits", row };
}
