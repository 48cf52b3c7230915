/**
 * The visitor's cart: its lines (kept in the `cart` cookie, 30 days), the details of their variants
 * (loaded once per variant) and the feedback cards of recent additions.
 *
 * "unknown" is what the server renders and what hydration sees: nothing here reads the cookie
 * before start(), which the provider calls once the page is hydrated (a change made before that
 * restores the cookie first). A line whose variant no longer exists (404) is dropped, the cookie
 * rewritten and `notice` set, as for a malformed cookie.
 */
import { ApiError, type ApiClient } from "../api";
import { clearCookie, cookieValue, writeCookie } from "../cookies";
import { getVariant } from "./api";
import {
  addLine,
  dropVariants as withoutVariants,
  parseCartCookie,
  removeLine,
  serializeCart,
  setLineQuantity,
  type AddOutcome,
} from "./rules";
import type { CartLine, LineRef, Variant } from "./types";

export const CART_COOKIE = "cart";
export const CART_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type VariantDetails = { status: "loading" } | { status: "loaded"; variant: Variant } | { status: "failed" };

/** One "added to your cart" card: shown one at a time, oldest first. */
export type CartFeedback = { id: number; line: CartLine };

export type CartState = {
  status: "unknown" | "ready";
  lines: CartLine[];
  variants: Readonly<Record<number, VariantDetails>>;
  /** Lines were dropped (a bad cookie, a variant that no longer exists) and the visitor is not told yet. */
  notice: boolean;
  feedback: CartFeedback[];
};

/** The state before start(): the same object on the server, while hydrating and in the browser. */
export const UNKNOWN_CART: CartState = Object.freeze({ status: "unknown", lines: [], variants: {}, notice: false, feedback: [] });

export type CartStore = {
  getState: () => CartState;
  subscribe: (listener: () => void) => () => void;
  /** Once, in the browser after hydration: restores the cookie's lines and loads their variants. */
  start: () => Promise<void>;
  /** Adds a line (or raises the quantity of an identical one); resolves once its variant is loaded. */
  add: (line: CartLine) => Promise<AddOutcome>;
  remove: (ref: LineRef) => void;
  setQuantity: (ref: LineRef, quantity: number) => void;
  clear: () => void;
  /** Drops the lines of variants the server no longer knows (the quote's `dropped`), with the notice. */
  dropVariants: (variantIds: number[]) => void;
  dismissNotice: () => void;
  dismissFeedback: (id: number) => void;
};

function saveCookie(lines: CartLine[]): void {
  if (lines.length === 0) clearCookie(CART_COOKIE);
  else writeCookie(CART_COOKIE, serializeCart(lines), CART_MAX_AGE_SECONDS);
}

/** A variant the API says is gone for good (as opposed to a failed request, tried again later). */
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export function createCartStore(client: ApiClient): CartStore {
  let state: CartState = UNKNOWN_CART;
  let restored: Promise<void> | null = null;
  let nextFeedbackId = 1;
  const loading = new Map<number, Promise<void>>();
  const listeners = new Set<() => void>();

  function set(next: Partial<CartState>): void {
    state = { ...state, ...next };
    for (const notify of listeners) notify();
  }

  function setVariant(id: number, details: VariantDetails | null): void {
    const variants = { ...state.variants };
    if (details) variants[id] = details;
    else delete variants[id];
    set({ variants });
  }

  /** Every change of the lines goes through here: state and cookie together. */
  function setLines(lines: CartLine[], extra: Partial<CartState> = {}): void {
    saveCookie(lines);
    set({ ...extra, lines });
  }

  /** Drops the lines (and feedback cards) of variants that no longer exist; the notice when lines went. */
  function forget(variantIds: number[]): void {
    for (const id of variantIds) setVariant(id, null);
    const lines = withoutVariants(state.lines, variantIds);
    const feedback = state.feedback.filter((card) => !variantIds.includes(card.line.variantId));
    setLines(lines, { feedback, notice: state.notice || lines.length < state.lines.length });
  }

  /** Loads a variant's details once; a failed load is tried again by the next call. */
  function loadVariant(id: number): Promise<void> {
    const pending = loading.get(id);
    if (pending) return pending;
    if (state.variants[id]?.status === "loaded") return Promise.resolve();
    setVariant(id, { status: "loading" });
    const load = getVariant(id, client)
      .then(({ data }) => setVariant(id, { status: "loaded", variant: data }))
      .catch((error: unknown) => (isGone(error) ? forget([id]) : setVariant(id, { status: "failed" })))
      .finally(() => loading.delete(id));
    loading.set(id, load);
    return load;
  }

  function loadVariants(lines: CartLine[]): Promise<void> {
    return Promise.all([...new Set(lines.map((line) => line.variantId))].map(loadVariant)).then(() => undefined);
  }

  /** Reads the cookie once (start, or the first change before it); a bad cookie is rewritten. */
  function restore(): Promise<void> {
    if (restored) return restored;
    const { lines, dropped } = parseCartCookie(typeof document === "undefined" ? null : cookieValue(document.cookie, CART_COOKIE));
    if (dropped) saveCookie(lines);
    set({ status: "ready", lines, notice: state.notice || dropped });
    restored = loadVariants(lines);
    return restored;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: restore,
    async add(line) {
      void restore();
      const { lines, outcome } = addLine(state.lines, line);
      if (outcome === "full") return outcome;
      setLines(lines, { feedback: [...state.feedback, { id: nextFeedbackId++, line }] });
      await loadVariant(line.variantId);
      return outcome;
    },
    remove(ref) {
      void restore();
      setLines(removeLine(state.lines, ref));
    },
    setQuantity(ref, quantity) {
      void restore();
      setLines(setLineQuantity(state.lines, ref, quantity));
    },
    clear() {
      void restore();
      setLines([]);
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
