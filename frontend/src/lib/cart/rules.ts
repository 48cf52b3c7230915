/**
 * The cart's rules on plain lines (no I/O): adding merges a line identical in variant and options,
 * quantities stay within 1–99, at most 50 lines, and the `cart` cookie is read defensively — a
 * malformed or tampered cookie loses its bad lines, never the page.
 * The limits are the cart quote's (backend/splash/orders/schemas.py).
 */
import type { CartLine, CartOption, LineRef } from "./types";

export const MAX_LINES = 50;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
const MAX_OPTIONS = 10;
const MAX_OPTION_LENGTH = 64;
const MAX_VARIANT_ID = 2 ** 31 - 1;

/** One text per line: the variant and its options, whatever order the options come in. */
export function lineKey({ variantId, options }: LineRef): string {
  const pairs = options.map((option) => JSON.stringify([option.key, option.value])).sort();
  return `${variantId}:${pairs.join(",")}`;
}

export function sameLine(a: LineRef, b: LineRef): boolean {
  return lineKey(a) === lineKey(b);
}

/** A whole number of 1–99 (a typed 0 or 150 becomes 1 or 99; nonsense becomes 1). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

export type AddOutcome = "added" | "merged" | "present" | "full";

/**
 * A line identical in variant and options gets the quantities added (at most 99); otherwise the
 * line is added at the end — unless the cart already holds 50 lines ("full", nothing changes).
 * With `once` (what is bought once, such as lessons) an identical line stays as it is ("present").
 */
export function addLine(lines: CartLine[], line: CartLine, once = false): { lines: CartLine[]; outcome: AddOutcome } {
  const index = lines.findIndex((existing) => sameLine(existing, line));
  if (index >= 0 && once) return { lines, outcome: "present" };
  if (index >= 0) {
    const merged = lines.map((existing, at) => (at === index ? { ...existing, quantity: clampQuantity(existing.quantity + line.quantity) } : existing));
    return { lines: merged, outcome: "merged" };
  }
  if (lines.length >= MAX_LINES) return { lines, outcome: "full" };
  return { lines: [...lines, { ...line, quantity: clampQuantity(line.quantity) }], outcome: "added" };
}

/** Removes the line with this variant and these options; other lines of the variant stay. */
export function removeLine(lines: CartLine[], ref: LineRef): CartLine[] {
  return lines.filter((line) => !sameLine(line, ref));
}

export function setLineQuantity(lines: CartLine[], ref: LineRef, quantity: number): CartLine[] {
  return lines.map((line) => (sameLine(line, ref) ? { ...line, quantity: clampQuantity(quantity) } : line));
}

/** Removes every line of these variants (ones that no longer exist). */
export function dropVariants(lines: CartLine[], variantIds: Iterable<number>): CartLine[] {
  const gone = new Set(variantIds);
  return lines.filter((line) => !gone.has(line.variantId));
}

/** The number of items: the sum of the quantities (the header badge). */
export function itemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The cookie's JSON: only variantId, quantity and options of each line (URI-encoding is the cookie's). */
export function serializeCart(lines: CartLine[]): string {
  return JSON.stringify(lines.map(({ variantId, quantity, options }) => ({ variantId, quantity, options: options.map(({ key, value }) => ({ key, value })) })));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
const isOptionText = (value: unknown): value is string => typeof value === "string" && value.length >= 1 && value.length <= MAX_OPTION_LENGTH;

function readOptions(value: unknown): CartOption[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_OPTIONS) return null;
  const options: CartOption[] = [];
  for (const option of value) {
    if (!isRecord(option) || !isOptionText(option.key) || !isOptionText(option.value)) return null;
    options.push({ key: option.key, value: option.value });
  }
  return options;
}

/** A line as the cookie holds it, or null when anything about it is wrong. */
function readLine(value: unknown): CartLine | null {
  if (!isRecord(value)) return null;
  const { variantId, quantity } = value;
  if (!isWhole(variantId, 1, MAX_VARIANT_ID) || !isWhole(quantity, MIN_QUANTITY, MAX_QUANTITY)) return null;
  const options = readOptions(value.options);
  return options ? { variantId, quantity, options } : null;
}

/** The lines of a cookie; `dropped` says some (or all) of it could not be kept. */
export type ParsedCart = { lines: CartLine[]; dropped: boolean };

/**
 * The `cart` cookie's raw (still URI-encoded) value → its good lines. No cookie is an empty cart;
 * bad encoding, bad JSON or not an array drops everything; a line with a wrong type, a quantity
 * outside 1–99, bad options, or a repeat of an earlier line is dropped; past 50 lines the rest is.
 */
export function parseCartCookie(raw: string | null): ParsedCart {
  if (raw === null || raw === "") return { lines: [], dropped: false };
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return { lines: [], dropped: true };
  }
  if (!Array.isArray(value)) return { lines: [], dropped: true };
  const lines: CartLine[] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    const line = readLine(entry);
    if (!line || seen.has(lineKey(line)) || lines.length >= MAX_LINES) continue;
    seen.add(lineKey(line));
    lines.push(line);
  }
  return { lines, dropped: lines.length !== value.length };
}
