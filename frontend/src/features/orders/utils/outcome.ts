/** What the order-payment page tells the parent about an order, from its status and its payment's. */
import type { OrderStatus, PaymentStatus } from "../../../lib/vocabulary";
import type { Order } from "../types";

/**
 * thanks: the money is in (paid, shipped, completed); waiting: the payment is open, pending or
 * authorized; failed: the payment ended without money (retry with Pay now); closed: anything else
 * (refunded) — the page then names the status and links to the order.
 */
export type Outcome = "thanks" | "waiting" | "failed" | "closed";

const PAID: readonly OrderStatus[] = ["paid", "shipped", "completed"];
const ENDED: readonly OrderStatus[] = ["canceled", "expired", "failed"];
const PAYMENT_ENDED: readonly PaymentStatus[] = ["canceled", "expired", "failed"];

export function outcomeOf(order: Pick<Order, "status" | "paymentStatus">): Outcome {
  if (PAID.includes(order.status)) return "thanks";
  if (ENDED.includes(order.status)) return "failed";
  if (order.status !== "awaiting_payment") return "closed";
  return order.paymentStatus !== null && PAYMENT_ENDED.includes(order.paymentStatus) ? "failed" : "waiting";
}

/** Whether anything of the order is shipped (digital-only orders get no shipping sentence). */
export function shipsGoods(order: Pick<Order, "lines">): boolean {
  return order.lines.some((line) => line.productType === "physical");
}
