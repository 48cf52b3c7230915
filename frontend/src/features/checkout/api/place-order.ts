import { api, type ApiClient } from "../../../lib/api";
import type { OrderCreated, OrderDraft } from "../types";

export type OrderCreatedAnswer = { data: OrderCreated };

/**
 * POST /orders with an Idempotency-Key: the same key and body again answers the same order (a
 * retry or a double click never makes a second one). `returnUrl` is where the payment provider
 * sends the customer back (the order-payment page; the server adds the order's slug). The
 * captcha token (null while the captcha is off) is fresh per attempt and not part of what the
 * key stands for.
 */
export function placeOrder(
  draft: OrderDraft,
  returnUrl: string,
  idempotencyKey: string,
  captchaToken: string | null,
  client: ApiClient = api,
): Promise<OrderCreatedAnswer> {
  return client.request<OrderCreatedAnswer>("POST", "/orders", {
    body: captchaToken ? { data: draft, returnUrl, captchaToken } : { data: draft, returnUrl },
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
