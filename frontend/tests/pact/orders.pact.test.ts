/**
 * Consumer contracts of the checkout and order calls (contracts/orders-api.md): the checkout's
 * placeOrder and the orders feature's getOrder, getMyOrders and startPayment through the real
 * lib/api client against Pact's mock server.
 *
 * Ids, slugs and order numbers change with every reset to the fixtures, and the shop's origin
 * carries the server's port: the provider states answer them (`variantId`, `slug`, `orderNr`,
 * `token`, `returnUrl`) and the verifier injects them
 * (fromProviderState); the consumer side runs with the examples. The Idempotency-Key is any key
 * the API accepts; the verifier replays the example (each state starts from the fixtures).
 */
import { MatchersV3 } from "@pact-foundation/pact";
// The builder's type is not re-exported from the package root.
import type { V4RequestBuilder } from "@pact-foundation/pact/src/v4/http/types";
import { describe, expect, it } from "vitest";
import { placeOrder } from "../../src/features/checkout/api/place-order";
import type { OrderDraft } from "../../src/features/checkout/types";
import { getMyOrders } from "../../src/features/orders/api/get-my-orders";
import { getOrder } from "../../src/features/orders/api/get-order";
import { startPayment } from "../../src/features/orders/api/start-payment";
import { ApiError } from "../../src/lib/api";
import { BEARER, EXAMPLE_TOKEN, exactly, ISO_TIMESTAMP } from "./accounts";
import { clientFor as client, errorBody, splashApi } from "./provider";

const { arrayContaining, boolean, eachLike, fromProviderState, integer, like, nullValue, regex, string } = MatchersV3;

const provider = splashApi();

/** Provider states, exactly as backend/testkit/states.py implements them. */
const STATES = {
  /** Answers `variantId` (the blue M float suit, in stock) and `returnUrl` (the order-payment page). */
  guest: "a guest can order the blue M float suit",
  /** Answers `variantId` and `returnUrl`; ouder@example.com has an account. */
  existingEmail: "an account exists for ouder@example.com and a guest can order the blue M float suit",
  /** Answers `slug`, `orderNr` and `returnUrl`: an order of two blue M suits whose test payment is open. */
  awaiting: "an order of ouder@example.com awaiting payment",
  /** Answers `token`, `slug` and `orderNr`: the same order, and the parent signed in. */
  signedInWithOrder: "a signed-in parent ouder@example.com with an order awaiting payment",
  /** Answers `level2VariantId` (the academy's level 2 offer) and `returnUrl`. */
  academy: "the academy course is seeded",
  /** Answers `slug`: a guest's order of level 2, paid (its account made, the lessons granted). */
  paidLessons: "a guest's paid order of level 2 holds this browser's device pass",
} as const;

const VARIANT_ID = 13;
const SLUG = "Zt0cQm4sX9yqk8fJ2vR7nB1wL5hD3gP6aE0uK9oTi2M";
const ORDER_NR = "SPL-7K3M-9QX2";
const KEY = "k4Jd8sP2qW9xZ1vB7nM3cL5h";
const RETURN_URL = "http://localhost:8000/order-payment";

const slugOf = (example: string) => regex("^[A-Za-z0-9_-]{43,}$", example);
const checkoutUrl = regex("^https?://.+", "http://localhost:8000/api/payments/test/tr_test_abc");
const status = (pattern: string, example: string) => regex(`^(${pattern})$`, example);
const ORDER_STATUS = "awaiting_payment|paid|shipped|completed|refunded|canceled|expired|failed";
const PAYMENT_STATUS = "open|pending|authorized|paid|canceled|expired|failed";

const ADDRESS = {
  street: "Keizersgracht",
  housenumber: "12",
  addition: "A",
  additionalInfo: null,
  postalCode: "1015 CS",
  city: "Amsterdam",
  country: "nl",
} as const;

function draft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    user: { firstname: "Eva", lastname: "de Vries", email: "eva@example.com" },
    locale: "nl",
    cart: { items: [{ variantId: VARIANT_ID, quantity: 2, options: [{ key: "name", value: "Mila" }] }] },
    shipping: { country: "nl", address: { ...ADDRESS } },
    billing: null,
    consent: true,
    ...overrides,
  };
}

/** The request body as the contract pins it: the draft with the state's variant id. */
function requestBody(data: OrderDraft) {
  const items = data.cart.items.map((item) => ({ ...item, variantId: fromProviderState("${variantId}", item.variantId) }));
  return { data: { ...data, cart: { items } }, returnUrl: fromProviderState("${returnUrl}", RETURN_URL) };
}

/** POST /orders as the checkout sends it: JSON, with an Idempotency-Key the API accepts. */
const orderRequest = (body: unknown) => (b: V4RequestBuilder) =>
  b.headers({ accept: "application/json", "content-type": "application/json", "Idempotency-Key": regex("^[A-Za-z0-9_-]{16,64}$", KEY) }).jsonBody(body);

const ADDRESS_SHAPE = {
  street: string("Keizersgracht"),
  housenumber: string("12"),
  addition: like(null),
  additionalInfo: like(null),
  postalCode: string("1015 CS"),
  city: string("Amsterdam"),
  country: status("nl|de|fr|es|se", "nl"),
};

/** GET /orders/{slug} of the state's order: two blue M suits, payment open, shipped to the Netherlands. */
const ORDER = {
  orderNr: fromProviderState("${orderNr}", ORDER_NR),
  slug: fromProviderState("${slug}", SLUG),
  locale: status("nl|en|de|es|fr|sv", "nl"),
  createdAt: ISO_TIMESTAMP,
  status: exactly("awaiting_payment"),
  paymentStatus: exactly("open"),
  customer: { firstname: string("Eva"), lastname: string("de Vries"), email: string("ouder@example.com") },
  shippingAddress: ADDRESS_SHAPE,
  billingAddress: ADDRESS_SHAPE,
  lines: eachLike({
    variantId: integer(VARIANT_ID),
    sku: string("SPL-FS-BLUE-M"),
    productType: status("physical|digital", "physical"),
    title: string("Splash-drijfpak"),
    variantLabel: string("Blauw, M"),
    options: like([]),
    quantity: integer(2),
    unitPrice: integer(4995),
    lineTotal: integer(9990),
    vatRate: integer(21),
    vat: integer(1734),
  }),
  subtotal: integer(9990),
  shipping: integer(395),
  vatRate: integer(21),
  vatCountry: exactly("nl"),
  shippingVat: integer(69),
  vat: integer(1803),
  total: integer(10385),
  currency: exactly("EUR"),
  amountRefunded: integer(0),
  amountChargedBack: integer(0),
  flagged: nullValue(),
  bankTransfer: nullValue(),
  canPay: boolean(false),
  invoiceUrl: nullValue(),
  lessonsPath: nullValue(),
};

describe("orders API contract", () => {
  it("POST /orders places a guest's order: 201 with its number, slug and the payment page", async () => {
    await provider
      .addInteraction()
      .given(STATES.guest)
      .uponReceiving("a guest's order of two blue M float suits to the Netherlands")
      .withRequest("POST", "/api/orders", orderRequest(requestBody(draft())))
      .willRespondWith(201, (b) => b.jsonBody({ data: { orderNr: string(ORDER_NR), slug: slugOf(SLUG), checkoutUrl } }))
      .executeTest(async (mock) => {
        const { data } = await placeOrder(draft(), RETURN_URL, KEY, null, client(mock.url));
        expect(data).toEqual({ orderNr: ORDER_NR, slug: SLUG, checkoutUrl: "http://localhost:8000/api/payments/test/tr_test_abc" });
      });
  });

  it("POST /orders of lessons by a guest who waives the withdrawal for them: 201", async () => {
    const LEVEL_2 = 112;
    const lessons = draft({ cart: { items: [{ variantId: LEVEL_2, quantity: 1, options: [] }] }, withdrawalWaived: true });
    const body = {
      data: { ...lessons, cart: { items: [{ variantId: fromProviderState("${level2VariantId}", LEVEL_2), quantity: 1, options: [] }] } },
      returnUrl: fromProviderState("${returnUrl}", RETURN_URL),
    };
    await provider
      .addInteraction()
      .given(STATES.academy)
      .uponReceiving("a guest's order of level 2 of the course, the withdrawal waived")
      .withRequest("POST", "/api/orders", orderRequest(body))
      .willRespondWith(201, (b) => b.jsonBody({ data: { orderNr: string(ORDER_NR), slug: slugOf(SLUG), checkoutUrl } }))
      .executeTest(async (mock) => {
        const { data } = await placeOrder(lessons, RETURN_URL, KEY, null, client(mock.url));
        expect(data.orderNr).toBe(ORDER_NR);
      });
  });

  it("POST /orders with empty required fields: 400 naming each of them", async () => {
    const incomplete = draft({ user: { firstname: "", lastname: "de Vries", email: "eva@example.com" }, shipping: { country: "nl", address: { ...ADDRESS, street: "" } } });
    await provider
      .addInteraction()
      .given(STATES.guest)
      .uponReceiving("an order without a first name and a street")
      .withRequest("POST", "/api/orders", orderRequest(requestBody(incomplete)))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          errorBody(400, "ValidationError", "2 errors occurred", {
            errors: arrayContaining(
              { path: ["data", "user", "firstname"], message: string("String should have at least 1 character"), name: "ValidationError" },
              { path: ["data", "shipping", "address", "street"], message: string("String should have at least 1 character"), name: "ValidationError" },
            ),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await placeOrder(incomplete, RETURN_URL, KEY, null, client(mock.url)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiError);
        const paths = (error as ApiError).details.errors?.map((entry) => entry.path.join("."));
        expect(paths).toEqual(expect.arrayContaining(["data.user.firstname", "data.shipping.address.street"]));
      });
  });

  it("POST /orders for an e-mail address that has an account, by a visitor not signed in as it: 409 email_has_account", async () => {
    const existing = draft({ user: { firstname: "Sanne", lastname: "de Vries", email: "ouder@example.com" } });
    await provider
      .addInteraction()
      .given(STATES.existingEmail)
      .uponReceiving("a guest's order with the e-mail address of an account")
      .withRequest("POST", "/api/orders", orderRequest(requestBody(existing)))
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "This e-mail address has an account", like({ code: "email_has_account" }))))
      .executeTest(async (mock) => {
        const error = await placeOrder(existing, RETURN_URL, KEY, null, client(mock.url)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(409);
        expect((error as ApiError).details.code).toBe("email_has_account");
      });
  });

  it("GET /orders/{slug} answers the order, its lines, money, addresses and payment status", async () => {
    await provider
      .addInteraction()
      .given(STATES.awaiting)
      .uponReceiving("a request for an order awaiting payment by its slug")
      .withRequest("GET", fromProviderState("/api/orders/${slug}", `/api/orders/${SLUG}`), (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: ORDER }))
      .executeTest(async (mock) => {
        const { data } = await getOrder(SLUG, client(mock.url));
        expect(data).toMatchObject({ orderNr: ORDER_NR, slug: SLUG, status: "awaiting_payment", paymentStatus: "open", total: 10385, bankTransfer: null, invoiceUrl: null });
        expect(data.lines[0]).toMatchObject({ quantity: 2, unitPrice: 4995, vatRate: 21 });
      });
  });

  it("GET /orders/{slug} of a paid order of lessons: where they wait (the thank-you page leads there)", async () => {
    await provider
      .addInteraction()
      .given(STATES.paidLessons)
      .uponReceiving("a request for a paid guest's order of level 2 by its slug")
      .withRequest("GET", fromProviderState("/api/orders/${slug}", `/api/orders/${SLUG}`), (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            slug: fromProviderState("${slug}", SLUG),
            status: exactly("paid"),
            invoiceUrl: regex("^/api/orders/[A-Za-z0-9_-]+/invoice$", `/api/orders/${SLUG}/invoice`),
            lessonsPath: regex("^/(academy|course)/[^/]+$", "/academy/leren-zwemmen"),
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getOrder(SLUG, client(mock.url));
        expect(data).toMatchObject({ status: "paid", lessonsPath: "/academy/leren-zwemmen" });
      });
  });

  it("GET /orders/{slug} of an unknown slug: 404", async () => {
    await provider
      .addInteraction()
      .given(STATES.guest)
      .uponReceiving("a request for an order with a slug that names none")
      .withRequest("GET", `/api/orders/${SLUG}`, (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, "NotFoundError", "Not found")))
      .executeTest(async (mock) => {
        const error = await getOrder(SLUG, client(mock.url)).catch((caught: unknown) => caught);
        expect((error as ApiError).status).toBe(404);
      });
  });

  it("GET /users/me/orders answers the signed-in parent's orders with their payment status", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedInWithOrder)
      .uponReceiving("a request for the signed-in parent's orders")
      .withRequest("GET", "/api/users/me/orders", (b) => b.headers({ accept: "application/json", authorization: BEARER }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            orderNr: fromProviderState("${orderNr}", ORDER_NR),
            slug: fromProviderState("${slug}", SLUG),
            createdAt: ISO_TIMESTAMP,
            status: status(ORDER_STATUS, "awaiting_payment"),
            paymentStatus: status(PAYMENT_STATUS, "open"),
            total: integer(10385),
            currency: exactly("EUR"),
            lineCount: integer(1),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getMyOrders(client(mock.url, EXAMPLE_TOKEN));
        expect(data[0]).toEqual({ orderNr: ORDER_NR, slug: SLUG, createdAt: "2026-11-21T10:00:00+00:00", status: "awaiting_payment", paymentStatus: "open", total: 10385, currency: "EUR", lineCount: 1 });
      });
  });

  it("POST /orders/{slug}/payments (Pay now) answers the payment page", async () => {
    await provider
      .addInteraction()
      .given(STATES.awaiting)
      .uponReceiving("Pay now for an order awaiting payment")
      .withRequest("POST", fromProviderState("/api/orders/${slug}/payments", `/api/orders/${SLUG}/payments`), (b) =>
        b.headers({ accept: "application/json", "content-type": "application/json" }).jsonBody({ returnUrl: fromProviderState("${returnUrl}", RETURN_URL) }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ data: { checkoutUrl } }))
      .executeTest(async (mock) => {
        const { data } = await startPayment(SLUG, RETURN_URL, client(mock.url));
        expect(data.checkoutUrl).toBe("http://localhost:8000/api/payments/test/tr_test_abc");
      });
  });
});
