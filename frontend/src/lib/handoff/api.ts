import { api, type ApiClient } from "../api";
import type { CartLine, ShippingCountryCode } from "../cart";

/** What goes along to the other domain: the switcher's link, the cart and the checkout's draft. */
export type HandoffRequest = {
  target: string;
  cart: { items: CartLine[]; country: ShippingCountryCode | null };
  draft: Record<string, unknown> | null;
};
/** Where to post the token (the target domain's redeem endpoint), and the token: single use, a minute, this browser. */
export type Handoff = { action: string; token: string };
export type HandoffAnswer = { data: Handoff };

/**
 * POST /language-handoffs (contracts/handoff-api.md) on this domain, with the bearer token when
 * signed in (the sign-in goes along): a 400 names `target` (no page of the shop) or `draft` (too long).
 */
export function createHandoff({ target, cart, draft }: HandoffRequest, client: ApiClient = api): Promise<HandoffAnswer> {
  const items = cart.items.map(({ variantId, quantity, options }) => ({ variantId, quantity, options }));
  return client.request<HandoffAnswer>("POST", "/language-handoffs", { body: { target, cart: { items, country: cart.country }, draft } });
}
