import { describe, expect, test } from "vitest";
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "../../../lib/vocabulary";
import { outcomeOf, shipsGoods } from "./outcome";

describe("outcomeOf", () => {
  test.each<[OrderStatus, PaymentStatus | null, string]>([
    ["paid", "paid", "thanks"],
    ["shipped", "paid", "thanks"],
    ["completed", "paid", "thanks"],
    ["awaiting_payment", "open", "waiting"],
    ["awaiting_payment", "pending", "waiting"],
    ["awaiting_payment", "authorized", "waiting"],
    ["awaiting_payment", null, "waiting"],
    ["awaiting_payment", "canceled", "failed"],
    ["awaiting_payment", "expired", "failed"],
    ["awaiting_payment", "failed", "failed"],
    ["canceled", "canceled", "failed"],
    ["expired", "expired", "failed"],
    ["failed", "failed", "failed"],
    ["refunded", "paid", "closed"],
  ])("an order %s with a payment %s: %s", (status, paymentStatus, outcome) => {
    expect(outcomeOf({ status, paymentStatus })).toBe(outcome);
  });

  test("every order status has an outcome the table above names", () => {
    const outcomes = ORDER_STATUSES.map((status) => outcomeOf({ status, paymentStatus: "open" }));
    expect(outcomes).toEqual(["waiting", "thanks", "thanks", "thanks", "closed", "failed", "failed", "failed"]);
    expect(PAYMENT_STATUSES).toHaveLength(7);
  });
});

describe("shipsGoods", () => {
  const line = (productType: "physical" | "digital") => ({ productType }) as never;
  test("an order with a float suit ships; a digital-only order does not", () => {
    expect(shipsGoods({ lines: [line("digital"), line("physical")] })).toBe(true);
    expect(shipsGoods({ lines: [line("digital")] })).toBe(false);
  });
});
