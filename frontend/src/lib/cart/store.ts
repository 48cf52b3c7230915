/**
 * The visitor's cart: its lines (kept in the `cart` cookie, 30 days), the shipping country chosen
 * on the cart page (the `cart_country` cookie, as long; the checkout starts with it) and the
 * feedback cards of recent additions. What a line shows and costs comes from the cart page's quote.
 *
 * "unknown" is what the server renders and what hydration sees: nothing here reads the cookie
 * before start(), which the provider calls once the page is hydrated (a change made before that
 * restores the cookie first). Starting also takes in a checkout draft that a language hand-off
 * brought from another domain (checkout-session.ts), before the checkout can read the draft. A line whose variant no longer exists (the quote's `dropped`) is
 * dropped, the cookie rewritten and `notice` set, as for a malformed cookie.
 */
import type { ImageData } from "../../ui/rich-text-types";
import { clearCookie, cookieValue, readCookie, writeCookie } from "../cookies";
import { SHIPPING_COUNTRIES, type ShippingCountry } from "../vocabulary";
import { adoptHandedOverDraft } from "./checkout-session";
import {
  addLine,
  dropVariants as withoutVariants,
  parseCartCookie,
  removeLine,
  serializeCart,
  setLineQuantity,
  type AddOutcome,
} from "./rules";
import type { CartLine, LineRef } from "./types";

export const CART_COOKIE = "cart";
/** Its own cookie, so the `cart` cookie keeps its shape (a list of lines). */
export const CART_COUNTRY_COOKIE = "cart_country";
export const CART_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** What the "added to your cart" card shows of the added variant (the page that adds it knows). */
export type AddedVariant = { title: string; image: ImageData | null };

/** One "added to your cart" card (or "already in your cart"): shown one at a time, oldest first. */
export type CartFeedback = { id: number; line: CartLine; added: AddedVariant; already: boolean };

/** `once`: the line is bought once (lessons): adding it again keeps its quantity and says it is already there. */
export type AddOptions = { once?: boolean };

export type CartState = {
  status: "unknown" | "ready";
  lines: CartLine[];
  /** The shipping country chosen on the cart page (or in the checkout); null: none chosen. */
  country: ShippingCountry | null;
  /** Lines were dropped (a bad cookie, a variant that no longer exists) and the visitor is not told yet. */
  notice: boolean;
  feedback: CartFeedback[];
};

/** The state before start(): the same object on the server, while hydrating and in the browser. */
export const UNKNOWN_CART: CartState = Object.freeze({ status: "unknown", lines: [], country: null, notice: false, feedback: [] });

export type CartStore = {
  getState: () => CartState;
  subscribe: (listener: () => void) => () => void;
  /** Once, in the browser after hydration: restores the cookie's lines. */
  start: () => void;
  /** Adds a line (or raises the quantity of an identical one, unless `once`), with its feedback card. */
  add: (line: CartLine, added: AddedVariant, options?: AddOptions) => AddOutcome;
  remove: (ref: LineRef) => void;
  setQuantity: (ref: LineRef, quantity: number) => void;
  clear: () => void;
  /** Chooses the shipping country (null: none), kept in its cookie. */
  setCountry: (country: ShippingCountry | null) => void;
  /** Drops the lines of variants the server no longer knows (the quote's `dropped`), with the notice. */
  dropVariants: (variantIds: number[]) => void;
  dismissNotice: () => void;
  dismissFeedback: (id: number) => void;
};

function saveCookie(lines: CartLine[]): void {
  if (lines.length === 0) clearCookie(CART_COOKIE);
  else writeCookie(CART_COOKIE, serializeCart(lines), CART_MAX_AGE_SECONDS);
}

/** The kept country when it is one the shop ships to (a stale or tampered cookie is none). */
function readCountry(): ShippingCountry | null {
  const value = readCookie(CART_COUNTRY_COOKIE);
  return SHIPPING_COUNTRIES.find((code) => code === value) ?? null;
}

export function createCartStore(): CartStore {
  let state: CartState = UNKNOWN_CART;
  let restored = false;
  let nextFeedbackId = 1;
  const listeners = new Set<() => void>();

  function set(next: Partial<CartState>): void {
    state = { ...state, ...next };
    for (const notify of listeners) notify();
  }

  /** Every change of the lines goes through here: state and cookie together. */
  function setLines(lines: CartLine[], extra: Partial<CartState> = {}): void {
    saveCookie(lines);
    set({ ...extra, lines });
  }

  /** Drops the lines (and feedback cards) of variants that no longer exist; the notice when lines went. */
  function forget(variantIds: number[]): void {
    const lines = withoutVariants(state.lines, variantIds);
    const feedback = state.feedback.filter((card) => !variantIds.includes(card.line.variantId));
    setLines(lines, { feedback, notice: state.notice || lines.length < state.lines.length });
  }

  /** Reads the cookie once (start, or the first change before it); a bad cookie is rewritten. */
  function restore(): void {
    if (restored) return;
    restored = true;
    adoptHandedOverDraft(); // before anything reads the checkout's draft
    const { lines, dropped } = parseCartCookie(typeof document === "undefined" ? null : cookieValue(document.cookie, CART_COOKIE));
    if (dropped) saveCookie(lines);
    set({ status: "ready", lines, country: readCountry(), notice: state.notice || dropped });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: restore,
    add(line, added, options = {}) {
      restore();
      const { lines, outcome } = addLine(state.lines, line, options.once);
      if (outcome === "full") return outcome;
      const card = { id: nextFeedbackId++, line, added, already: outcome === "present" };
      setLines(lines, { feedback: [...state.feedback, card] });
      return outcome;
    },
    remove(ref) {
      restore();
      setLines(removeLine(state.lines, ref));
    },
    setQuantity(ref, quantity) {
      restore();
      setLines(setLineQuantity(state.lines, ref, quantity));
    },
    clear() {
      restore();
      setLines([]);
    },
    setCountry(country) {
      restore();
      if (country === state.country) return;
      if (country === null) clearCookie(CART_COUNTRY_COOKIE);
      else writeCookie(CART_COUNTRY_COOKIE, country, CART_MAX_AGE_SECONDS);
      set({ country });
    },
    dropVariants(variantIds) {
      if (variantIds.length > 0) forget(variantIds);
    },
    dismissNotice() {
      if (state.notice) set({ notice: false });
    },
    dismissFeedback(id) {
      set({ feedback: state.feedback.filter((card) => card.id !== id) });
    },
  };
}
