/**
 * The money of the cart page and the checkout's summary, and what their lines show, always from the server: POST /cart/quote for the
 * current lines and country, again after each change (debounced, an older request aborted). While
 * a new quote is on its way the previous one stays on screen, marked busy.
 */
import { useState } from "react";
import { useLiveRead } from "../live-read";
import { quoteCart } from "./quote";
import type { CartQuote, QuoteRequest, ShippingCountryCode } from "./quote-types";
import type { CartLine } from "./types";

/** Quantity clicks in a row become one request. */
export const QUOTE_DEBOUNCE_MS = 250;

export type QuoteState = {
  quote: CartQuote | null;
  /** The quote for the current lines, once it has arrived (null while it is on its way). */
  current: CartQuote | null;
  /** A quote for the current lines is on its way. */
  busy: boolean;
  /** The last request for the current lines failed. */
  failed: boolean;
  retry: () => void;
};

/**
 * Nothing is requested for an empty cart, nor before `ready` (the cart and the session are known;
 * until then a cart with lines is busy). `session` is part of the request so signing in re-quotes
 * (the bearer may change the shipping).
 */
export function useQuote(lines: CartLine[], country: ShippingCountryCode | null, session: string, ready: boolean): QuoteState {
  const [attempt, setAttempt] = useState(0);
  // The request as text: it is read again exactly when what would be sent changes.
  const body: QuoteRequest = { items: lines.map(({ variantId, quantity, options }) => ({ variantId, quantity, options })), country: country ?? undefined };
  const request = ready && lines.length > 0 ? JSON.stringify({ body, session, attempt }) : "";
  const live = useLiveRead(request, (signal) => quoteCart(body, undefined, signal), QUOTE_DEBOUNCE_MS);

  return {
    quote: live.latest?.data ?? null,
    current: live.current?.data ?? null,
    busy: lines.length > 0 && live.busy,
    failed: live.failed,
    retry: () => setAttempt((current) => current + 1),
  };
}
