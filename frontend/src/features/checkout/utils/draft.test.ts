import { describe, expect, test } from "vitest";
import { attemptFor, emptyDraft, newIdempotencyKey, orderDraft, parseDraft, stepsOf, stepTitleKey, type CheckoutDraft } from "./draft";
import { describeOrderError, fieldOfPath } from "./order-errors";
import { ApiError } from "../../../lib/api";

const KEY = "A".repeat(32);

describe("parseDraft", () => {
  test("reads back a draft as it was kept", () => {
    const draft: CheckoutDraft = { step: "shipping", values: { personal: { firstname: "Eva" }, shipping: { separateBilling: true }, billing: {} }, attempt: { key: KEY, body: "{}" }, withdrawalWaived: true };
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  test.each([null, "draft", [], { step: "pay", values: {} }, { step: "personal" }])("refuses what is not a draft: %j", (value) => {
    expect(parseDraft(value)).toBeNull();
  });

  test("drops values that are not text or a checkbox, and an attempt whose key the API would refuse", () => {
    const parsed = parseDraft({ step: "summary", values: { personal: { firstname: "Eva", total: 1, price: { cents: 4995 } } }, attempt: { key: "short", body: "{}" } });
    expect(parsed).toEqual({ step: "summary", values: { personal: { firstname: "Eva" }, shipping: {}, billing: {} }, attempt: null, withdrawalWaived: false });
  });

  test("only a stored true answers the withdrawal question", () => {
    const stored = (withdrawalWaived: unknown) => parseDraft({ step: "summary", values: {}, attempt: null, withdrawalWaived })?.withdrawalWaived;
    expect(stored(true)).toBe(true);
    expect(stored("true")).toBe(false);
    expect(stored(1)).toBe(false);
    expect(stored(undefined)).toBe(false);
  });
});

describe("the order attempt", () => {
  test("a key is 32 characters the API accepts, and new each time", () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  test("the same body keeps the attempt's key; another body gets a new one", () => {
    const draft = { ...emptyDraft(), attempt: { key: KEY, body: '{"a":1}' } };
    expect(attemptFor(draft, '{"a":1}')).toEqual({ key: KEY, body: '{"a":1}' });
    const other = attemptFor(draft, '{"a":2}');
    expect(other.key).not.toBe(KEY);
    expect(other.body).toBe('{"a":2}');
  });
});

describe("orderDraft", () => {
  test("trims the values, sends empty optional fields as null and bills the shipping address unless asked otherwise", () => {
    const draft = emptyDraft();
    draft.values.personal = { firstname: " Eva ", lastname: "de Vries", email: "eva@example.com" };
    draft.values.shipping = { shipping_street: "Keizersgracht", shipping_housenumber: "12", shipping_addition: " ", shipping_postalCode: "1015 CS", shipping_city: "Amsterdam", shipping_country: "nl" };
    expect(orderDraft(draft, [{ variantId: 13, quantity: 1, options: [] }], "de")).toEqual({
      user: { firstname: "Eva", lastname: "de Vries", email: "eva@example.com" },
      locale: "de",
      cart: { items: [{ variantId: 13, quantity: 1, options: [] }] },
      shipping: { country: "nl", address: { street: "Keizersgracht", housenumber: "12", addition: null, additionalInfo: null, postalCode: "1015 CS", city: "Amsterdam", country: "nl" } },
      billing: null,
      consent: true,
    });
    expect(stepsOf(draft)).toEqual(["personal", "shipping", "summary"]);
    draft.values.shipping.separateBilling = true;
    expect(stepsOf(draft)).toEqual(["personal", "shipping", "billing", "summary"]);
  });

  test("with lessons in the cart the draft carries the withdrawal answer; without, it says nothing of it", () => {
    const draft = { ...emptyDraft(), withdrawalWaived: true };
    expect(orderDraft(draft, [], "nl", true).withdrawalWaived).toBe(true);
    expect(orderDraft({ ...draft, withdrawalWaived: false }, [], "nl", true).withdrawalWaived).toBe(false);
    expect("withdrawalWaived" in orderDraft(draft, [], "nl")).toBe(false);
  });

  test("a cart of only lessons words its address step as the parent's address, not shipping", () => {
    expect(stepTitleKey("shipping", false)).toBe("checkout.steps.address");
    expect(stepTitleKey("shipping", true)).toBe("checkout.steps.shipping");
    expect(stepTitleKey("personal", false)).toBe("checkout.steps.personal");
  });
});

describe("the server's refusals", () => {
  test.each([
    [["data", "user", "email"], { step: "personal", field: "email" }],
    [["data", "shipping", "country"], { step: "shipping", field: "shipping_country" }],
    [["data", "shipping", "address", "postalCode"], { step: "shipping", field: "shipping_postalCode" }],
    [["data", "billing", "address", "city"], { step: "billing", field: "billing_city" }],
    [["data", "cart", "items", "0"], null],
    [["Idempotency-Key"], null],
  ])("%j is %j", (path, field) => {
    expect(fieldOfPath(path)).toEqual(field);
  });

  const error = (status: number, details: Record<string, unknown>) => new ApiError({ data: null, error: { status, name: "Error", message: "m", details } });

  test("each failure is worded by its status and code", () => {
    expect(describeOrderError(error(409, { code: "email_has_account" }))).toEqual({ kind: "email-has-account" });
    expect(describeOrderError(error(409, { code: "product_unavailable", products: ["Splash float suit", 3], left: [9] }))).toEqual({ kind: "product-unavailable", products: [{ product: "Splash float suit", left: 9 }] });
    expect(describeOrderError(error(409, { code: "product_unavailable", products: ["Splash float suit"], left: ["9"] }))).toEqual({ kind: "product-unavailable", products: [{ product: "Splash float suit", left: 0 }] });
    expect(describeOrderError(error(409, { code: "idempotency_key_reused" }))).toEqual({ kind: "key-reused" });
    expect(describeOrderError(error(409, { code: "already_owned", errors: [{ path: ["data", "cart", "items", 0], message: "m" }] }))).toEqual({ kind: "already-owned" });
    expect(describeOrderError(error(400, { errors: [{ path: ["data", "withdrawalWaived"], message: "m", name: "ValidationError" }] }))).toEqual({ kind: "withdrawal" });
    expect(describeOrderError(error(503, {}))).toEqual({ kind: "service-unavailable" });
    expect(describeOrderError(error(429, { code: "too_many_orders", retryAfter: 1799 }))).toEqual({ kind: "too-many-orders", minutes: 30 });
    expect(describeOrderError(error(429, { code: "too_many_orders", retryAfter: 5 }))).toEqual({ kind: "too-many-orders", minutes: 1 });
    expect(describeOrderError(error(429, {}))).toEqual({ kind: "too-many-orders", minutes: 15 });
    expect(describeOrderError(error(400, { errors: [{ path: ["data", "user", "email"], message: "m", name: "ValidationError" }] }))).toEqual({ kind: "fields", fields: { personal: ["email"] } });
    expect(describeOrderError(error(400, { errors: [{ path: ["Idempotency-Key"], message: "m", name: "ValidationError" }] }))).toEqual({ kind: "failed" });
    expect(describeOrderError(new Error("offline"))).toEqual({ kind: "failed" });
  });
});
