import { api, type ApiClient } from "../api";
import type { CartQuote, QuoteRequest } from "./quote-types";

export type QuoteAnswer = { data: CartQuote };

/**
 * POST /cart/quote: the server prices the lines (bearer optional: a signed-in parent's first
 * address decides the shipping when no country is sent). Only variantId, quantity and options of
 * each line are sent. A 400 names the field (at most 50 lines, quantity 1–99, options ≤ 10).
 */
export function quoteCart({ items, country }: QuoteRequest, client: ApiClient = api, signal?: AbortSignal): Promise<QuoteAnswer> {
  const body = {
    items: items.map(({ variantId, quantity, options }) => ({ variantId, quantity, options })),
    ...(country ? { country } : {}),
  };
  return client.request<QuoteAnswer>("POST", "/cart/quote", { body, signal });
}
