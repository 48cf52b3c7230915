/**
 * Helpers for the checkout's tests (imported by *.test.tsx only): the server's quote for the
 * checkout's cart, a fake API with the quote and POST /orders, and the way through the steps.
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import { fakeApi, ok, userFixture, type ApiCall, type Reply } from "./auth";
import type { CartQuote, QuoteRequest, ShippingCountryCode } from "../lib/cart";
import { browserNavigation } from "../lib/navigation";

export const COSTS: Record<ShippingCountryCode, number> = { nl: 395, de: 695, fr: 795, es: 895, se: 995 };
export const CHECKOUT_URL = "http://127.0.0.1:8000/api/payments/test/tr_test_abc";
export const CREATED = { data: { orderNr: "SPL-7K3M-9QX2", slug: "s".repeat(43), checkoutUrl: CHECKOUT_URL } };

/** Variant ids from here on are offers of the academy (level 2: €14.95), the rest float suits. */
export const LESSONS_FROM = 100;

/**
 * Blue M float suits (€49.95 each) priced for the requested country; a variant id from
 * LESSONS_FROM is level 2 of the course (digital: nothing shipped).
 */
export function quoteOf(request: QuoteRequest, stock = 7): CartQuote {
  const items = request.items.map((item) => {
    const digital = item.variantId >= LESSONS_FROM;
    const unitPrice = digital ? 1495 : 4995;
    return {
      ...item,
      title: digital ? "Learn to swim with Splash" : "Splash float suit",
      variantLabel: digital ? "Level 2 · 4 lessons" : "Blue, M",
      image: null,
      productPath: digital ? "/academy/learn-to-swim" : "/shop/splash-float-suit",
      unitPrice,
      lineTotal: unitPrice * item.quantity,
      vat: Math.round((unitPrice * item.quantity * 21) / 121),
      available: digital || stock >= item.quantity,
      stock: digital ? 1 : stock,
      productType: digital ? ("digital" as const) : ("physical" as const),
      refusal: null,
    };
  });
  const physical = items.some((item) => item.productType === "physical");
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const shipping = !physical ? ({ status: "free", cost: 0, country: null } as const) : request.country ? ({ status: "cost", cost: COSTS[request.country], country: request.country } as const) : ({ status: "tbd", cost: null, country: null } as const);
  return {
    items,
    dropped: [],
    physical,
    subtotal,
    shipping,
    vat: { country: request.country ?? "nl", rate: 21, shipping: 0, total: items.reduce((sum, item) => sum + item.vat, 0) },
    total: subtotal + (shipping.cost ?? 0),
    countries: Object.entries(COSTS).map(([iso, shippingCost]) => ({ iso: iso as ShippingCountryCode, shippingCost })),
  };
}

/** `stock`: how many of each float suit are left (7). */
export function checkoutApi(placeOrder: (call: ApiCall) => Reply | Promise<Reply> = () => ({ status: 201, body: CREATED }), user = userFixture(), stock = 7) {
  return fakeApi({
    "GET /users/me": () => ok(user),
    "POST /cart/quote": (call) => ok({ data: quoteOf(call.body as QuoteRequest, stock) }),
    "POST /orders": placeOrder,
    "GET /slugify/slugs/page/privacybeleid": () => ({ status: 404, body: { data: null, error: { status: 404, name: "NotFoundError", message: "no", details: {} } } }),
    "GET /slugify/slugs/page/algemene-voorwaarden": () => ({ status: 404, body: { data: null, error: { status: 404, name: "NotFoundError", message: "no", details: {} } } }),
  });
}

/** Where the page would go (jsdom cannot leave the page). */
export function watchLeaving() {
  return vi.spyOn(browserNavigation, "leaveTo").mockImplementation(() => undefined);
}

export function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export async function next() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
  });
}

export async function fillPersonal() {
  await screen.findByRole("heading", { level: 2, name: "Your details" });
  type("First name", "Eva");
  type("Last name", "de Vries");
  type("Email address", "eva@example.com");
  await next();
  await screen.findByRole("heading", { level: 2, name: "Shipping address" });
}

export async function fillShipping({ country = "nl" }: { country?: ShippingCountryCode } = {}) {
  type("Street", "Keizersgracht");
  type("House number", "12");
  type(/^Addition \(/, "A");
  type("Postal code", "1015 CS");
  type("City", "Amsterdam");
  fireEvent.change(screen.getByRole("combobox", { name: "Country" }), { target: { value: country } });
  await next();
}

/** The summary's quote has arrived. */
export const priced = () => waitFor(() => expect(screen.getByTestId("checkout-total").textContent).not.toBe("…"));
