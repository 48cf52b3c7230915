/**
 * The cart's money, always from the server: POST /cart/quote for the current lines and country,
 * again after each change (debounced, an older request aborted). While a new quote is on its way
 * the previous one stays on screen, marked busy.
 */
import { useEffect, useState } from "react";
import type { CartLine } from "../../../lib/cart";
import { quoteCart } from "../api/quote-cart";
import type { CartQuote, QuoteRequest, ShippingCountryCode } from "../types";

/** Quantity clicks in a row become one request. */
export const QUOTE_DEBOUNCE_MS = 250;

type Answered = { request: string; quote: CartQuote | null; failed: boolean };

export type QuoteState = {
  quote: CartQuote | null;
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
  const [answered, setAnswered] = useState<Answered>({ request: "", quote: null, failed: false });
  // The request as text: the effect runs again exactly when what would be sent changes.
  const body: QuoteRequest = { items: lines.map(({ variantId, quantity, options }) => ({ variantId, quantity, options })), country: country ?? undefined };
  const request = ready && lines.length > 0 ? JSON.stringify({ body, session, attempt }) : "";

  useEffect(() => {
    if (!request) return;
    const { body: sent } = JSON.parse(request) as { body: QuoteRequest };
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      quoteCart(sent, undefined, controller.signal)
        .then(({ data }) => setAnswered({ request, quote: data, failed: false }))
        .catch(() => {
          if (!controller.signal.aborted) {
            setAnswered((previous) => ({ request, quote: previous.quote, failed: true }));
          }
        });
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [request]);

  return {
    quote: answered.quote,
    busy: lines.length > 0 && answered.request !== request,
    failed: answered.request === request && answered.failed,
    retry: () => setAttempt((current) => current + 1),
  };
}
