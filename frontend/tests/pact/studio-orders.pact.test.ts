/**
 * Consumer contracts of the studio's order screens (backend/splash/orders/studio_routes.py and
 * refund_routes.py): src/studio/orders-api.ts's calls through the studio's client, and the
 * documents the screens link to (packing slips, credit note: HTML; the export: CSV), against
 * Pact's mock server. The provider states (backend/testkit/studio_order_states.py) answer the
 * member's `session`, the order's `orderId` and its lines' `suitLineId` and `lessonLineId`.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/lib/api";
import {
  addNote,
  cancelOrder,
  getOrder,
  listOrders,
  listRefunds,
  ordersCsvUrl,
  packingSlipsUrl,
  refundOrder,
  resendEmail,
  shipOrder,
} from "../../src/studio/orders-api";
import { codedDetails, ISO_TIMESTAMP } from "./accounts";
import { errorBody } from "./provider";
import { EXAMPLE_SESSION, SESSION_COOKIE, SIGNED_IN, SIGNED_IN_BODY, studioApi, studioClientFor as client } from "./studio-provider";

const { boolean, eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

const provider = studioApi();

/** Provider states, exactly as backend/testkit/studio_order_states.py names them. */
const STATES = {
  paid: "a signed-in studio owner and a paid guest order with two float suits and a lesson",
  /** Answers `creditNoteNr` besides. */
  refunded: "a signed-in studio owner and a paid guest order with one of its float suits refunded",
  unpaid: "a signed-in studio owner and a guest order awaiting payment",
  shopMember: "a signed-in studio shop member and a paid guest order with two float suits and a lesson",
} as const;

const ORDER_ID = 7;
const SUIT_LINE = 31;
const CREDIT_NOTE = "CN-2026-00001";
const KEY = "2f1c8e7a-6b0d-4c55-9a9e-3d2b1f0e4c77";
const orderPath = (rest = "") => fromProviderState(`/api/studio/orders/\${orderId}${rest}`, `/api/studio/orders/${ORDER_ID}${rest}`);
const suitLine = fromProviderState("${suitLineId}", SUIT_LINE);
const WITH_KEY = { ...SIGNED_IN_BODY, "idempotency-key": KEY };

const ADDRESS = {
  street: string("Keizersgracht"),
  housenumber: string("12"),
  addition: null,
  additionalInfo: null,
  postalCode: string("1015 CS"),
  city: string("Amsterdam"),
  country: string("nl"),
};
const LINE = {
  id: integer(SUIT_LINE),
  sku: string("SPL-FS-BLUE-M"),
  productType: regex("^(physical|digital)$", "physical"),
  title: string("Splash-drijfpak"),
  variantLabel: string("blauw, M"),
  options: [],
  quantity: integer(2),
  shipped: integer(0),
  unitPrice: integer(4995),
  lineTotal: integer(9990),
  vatRate: integer(21),
  vat: integer(1734),
};
const SHIPMENT_LINE = { lineId: integer(SUIT_LINE), sku: string("SPL-FS-BLUE-M"), title: string("Splash-drijfpak"), variantLabel: string("blauw, M"), quantity: integer(1) };
const SHIPMENT = {
  id: integer(1),
  createdAt: ISO_TIMESTAMP,
  carrier: "postnl",
  trackingNumber: "3SABCD1234567",
  trackingUrl: regex("^https://.+", "https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-1015CS"),
  lines: eachLike(SHIPMENT_LINE),
};
const ORDER = {
  id: integer(ORDER_ID),
  orderNr: regex("^SPL-[0-9A-Z]+$", "SPL-7K3M9QX2"),
  invoiceNr: string("2026-00001"),
  slug: string("b1f2c3"),
  locale: "nl",
  status: "paid",
  flagged: null,
  createdAt: ISO_TIMESTAMP,
  paidAt: ISO_TIMESTAMP,
  userId: integer(3),
  firstname: string("Eva"),
  lastname: string("de Vries"),
  email: "gast@example.com",
  shippingAddress: ADDRESS,
  billingAddress: ADDRESS,
  lines: eachLike(LINE, 2),
  subtotal: integer(12490),
  shipping: integer(495),
  vat: integer(2254),
  total: integer(12985),
  currency: "EUR",
  amountRefunded: integer(0),
  amountChargedBack: integer(0),
  payments: eachLike({
    id: integer(1),
    provider: "test",
    providerId: string("tr_test_abc"),
    method: null,
    amount: integer(12985),
    status: "paid",
    amountRefunded: integer(0),
    amountChargedBack: integer(0),
    createdAt: ISO_TIMESTAMP,
    history: eachLike({ status: string("paid"), at: ISO_TIMESTAMP }),
  }),
  shipments: [],
  refunds: [],
  mails: [],
  notes: [],
  // `ref` and `by` are null for some kinds of entry and set for others: only what every entry has.
  timeline: eachLike({ at: ISO_TIMESTAMP, kind: string("placed"), summary: string("Order placed") }),
};
const MONEY = { id: integer(ORDER_ID), status: string("paid"), total: integer(12985), amountRefunded: integer(0), refundable: integer(12985) };
const REFUND = {
  id: integer(1),
  creditNoteNr: regex("^CN-\\d{4}-\\d{5}$", CREDIT_NOTE),
  status: regex("^(queued|pending|processing|refunded|failed|canceled)$", "refunded"),
  amount: integer(4995),
  shipping: integer(0),
  lines: eachLike({ lineId: integer(SUIT_LINE), quantity: integer(1), amount: integer(4995), vat: integer(867), vatRate: integer(21) }),
  vat: eachLike({ rate: integer(21), net: integer(4128), vat: integer(867) }),
  restock: true,
  revokeLessons: false,
  reason: null,
  createdBy: string("owner@splash.example"),
  createdAt: ISO_TIMESTAMP,
  creditNoteUrl: regex("^/api/studio/orders/\\d+/credit-notes/CN-\\d{4}-\\d{5}$", `/api/studio/orders/${ORDER_ID}/credit-notes/${CREDIT_NOTE}`),
};

const owner = (url: string) => client(url, EXAMPLE_SESSION);
/** A document the screens open as a page, fetched as the browser does (the cookie, no script). */
const fetchDocument = (url: string, accept: string) => fetch(url, { headers: { accept, cookie: `splash_studio=${EXAMPLE_SESSION}` } });

describe("studio orders API contract", () => {
  it("lists the inbox's box, searched, with every box's count", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio request for the orders to ship, searched by e-mail address")
      .withRequest("GET", "/api/studio/orders", (b) => b.headers(SIGNED_IN).query({ box: "to_ship", sort: "-date", page: "1", pageSize: "50", q: "gast@example.com" }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            id: integer(ORDER_ID),
            orderNr: regex("^SPL-[0-9A-Z]+$", "SPL-7K3M9QX2"),
            createdAt: ISO_TIMESTAMP,
            status: "paid",
            firstname: string("Eva"),
            lastname: string("de Vries"),
            email: "gast@example.com",
            country: "nl",
            total: integer(12985),
            currency: "EUR",
            amountRefunded: integer(0),
            flagged: null,
            toShip: true,
          }),
          meta: {
            page: 1,
            pageSize: 50,
            total: integer(1),
            counts: { toShip: integer(1), awaitingPayment: integer(0), problems: integer(0), shipped: integer(0), refunded: integer(0), all: integer(1) },
          },
        }),
      )
      .executeTest(async (mock) => {
        const found = await listOrders(owner(mock.url), { box: "to_ship", q: "gast@example.com", sort: "-date", page: 1 });
        expect(found.data[0]?.toShip).toBe(true);
        expect(found.meta.counts.toShip).toBeGreaterThan(0);
      });
  });

  it("refuses an unknown box: 400 naming it", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio request for the orders of an unknown box")
      .withRequest("GET", "/api/studio/orders", (b) => b.headers(SIGNED_IN).query({ box: "lost", sort: "-date", page: "1", pageSize: "50" }))
      .willRespondWith(400, (b) => b.jsonBody(errorBody(400, "ValidationError", "box must be one of the boxes", { errors: eachLike({ path: ["query", "box"], message: string("unknown box"), name: string("ValidationError") }) })))
      .executeTest(async (mock) => {
        // The screen never sends it (it parses the address first); the contract pins the refusal's field.
        const failure = await listOrders(owner(mock.url), { box: "lost" as "all", q: "", sort: "-date", page: 1 }).catch((error: unknown) => error);
        expect((failure as ApiError).fieldMessage(["query", "box"])).toBeTruthy();
      });
  });

  it("shows an order: lines, addresses, payments, parcels, mails, notes, timeline", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio request for a paid guest order")
      .withRequest("GET", orderPath(), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: ORDER }))
      .executeTest(async (mock) => {
        const order = await getOrder(owner(mock.url), ORDER_ID);
        expect(order.status).toBe("paid");
        expect(order.lines[0]?.quantity).toBe(2);
      });
  });

  it("adds an internal note", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio note on an order")
      .withRequest("POST", orderPath("/notes"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ text: "Klant belde: graag voor vrijdag." }))
      .willRespondWith(201, (b) => b.jsonBody({ data: { id: integer(5), at: ISO_TIMESTAMP, author: string("Owner"), text: "Klant belde: graag voor vrijdag." } }))
      .executeTest(async (mock) => {
        expect((await addNote(owner(mock.url), ORDER_ID, "Klant belde: graag voor vrijdag.")).text).toBe("Klant belde: graag voor vrijdag.");
      });
  });

  it("ships one suit with PostNL: the parcel and its tracking link", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio shipment of one float suit")
      .withRequest("POST", orderPath("/shipments"), (b) =>
        b.headers(WITH_KEY).jsonBody({ lines: [{ lineId: suitLine, quantity: 1 }], carrier: "postnl", trackingNumber: "3SABCD1234567", trackingUrl: null }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ data: SHIPMENT }))
      .executeTest(async (mock) => {
        const parcel = await shipOrder(owner(mock.url), ORDER_ID, { lines: [{ lineId: SUIT_LINE, quantity: 1 }], carrier: "postnl", trackingNumber: "3SABCD1234567", trackingUrl: null }, KEY);
        expect(parcel.trackingUrl).toMatch(/^https:\/\//);
      });
  });

  it("refuses more units than are left to ship: 409 too_many_units at lines.0.quantity", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio shipment of more float suits than were ordered")
      .withRequest("POST", orderPath("/shipments"), (b) =>
        b.headers(WITH_KEY).jsonBody({ lines: [{ lineId: suitLine, quantity: 5 }], carrier: "dhl", trackingNumber: "JJD000390007", trackingUrl: null }),
      )
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "At most 2 units of this line are left to ship", codedDetails("too_many_units", ["lines", "0", "quantity"]))))
      .executeTest(async (mock) => {
        const failure = await shipOrder(owner(mock.url), ORDER_ID, { lines: [{ lineId: SUIT_LINE, quantity: 5 }], carrier: "dhl", trackingNumber: "JJD000390007", trackingUrl: null }, KEY).catch(
          (error: unknown) => error,
        );
        expect((failure as ApiError).details.code).toBe("too_many_units");
      });
  });

  it("prints the packing slip of an order (HTML)", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio request for an order's packing slip")
      .withRequest("GET", "/api/studio/packing-slips", (b) => b.headers({ accept: "text/html", cookie: SESSION_COOKIE }).query({ orders: fromProviderState("${orderId}", String(ORDER_ID)) }))
      .willRespondWith(200, (b) => b.headers({ "content-type": "text/html; charset=utf-8" }))
      .executeTest(async (mock) => {
        const response = await fetchDocument(`${mock.url}${packingSlipsUrl([ORDER_ID])}`, "text/html");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      });
  });

  it("exports the box's orders as CSV", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio export of the orders to ship")
      .withRequest("GET", "/api/studio/orders.csv", (b) => b.headers({ accept: "text/csv", cookie: SESSION_COOKIE }).query({ box: "to_ship" }))
      .willRespondWith(200, (b) => b.headers({ "content-type": "text/csv; charset=utf-8" }))
      .executeTest(async (mock) => {
        const response = await fetchDocument(`${mock.url}${ordersCsvUrl("to_ship", "")}`, "text/csv");
        expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      });
  });

  it("lists an order's refunds and what may still be refunded", async () => {
    await provider
      .addInteraction()
      .given(STATES.refunded)
      .uponReceiving("a studio request for an order's refunds")
      .withRequest("GET", orderPath("/refunds"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike(REFUND), order: { ...MONEY, amountRefunded: integer(4995), refundable: integer(7990) } }))
      .executeTest(async (mock) => {
        const found = await listRefunds(owner(mock.url), ORDER_ID);
        expect(found.data[0]?.creditNoteNr).toMatch(/^CN-/);
        expect(found.order.refundable).toBeGreaterThan(0);
      });
  });

  it("refunds one suit back into stock: the server's amount and credit note", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio refund of one float suit with restock")
      .withRequest("POST", orderPath("/refunds"), (b) =>
        b.headers(WITH_KEY).jsonBody({ lines: [{ lineId: suitLine, quantity: 1 }], shipping: false, restock: true, revokeLessons: false }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ data: { refund: REFUND, order: like({ ...MONEY, amountRefunded: 4995, refundable: 7990 }) } }))
      .executeTest(async (mock) => {
        const made = await refundOrder(owner(mock.url), ORDER_ID, { lines: [{ lineId: SUIT_LINE, quantity: 1 }], shipping: false, restock: true, revokeLessons: false }, KEY);
        expect(made.refund.restock).toBe(true);
        expect(made.order.amountRefunded).toBe(made.refund.amount);
      });
  });

  it("refuses a refund to a shop member: 403", async () => {
    await provider
      .addInteraction()
      .given(STATES.shopMember)
      .uponReceiving("a studio refund by a member of role shop")
      .withRequest("POST", orderPath("/refunds"), (b) => b.headers(WITH_KEY).jsonBody({ amount: 500, restock: false, revokeLessons: false }))
      .willRespondWith(403, (b) => b.jsonBody(errorBody(403, "ForbiddenError", "Your role may not do this")))
      .executeTest(async (mock) => {
        const failure = await refundOrder(owner(mock.url), ORDER_ID, { amount: 500, restock: false, revokeLessons: false }, KEY).catch((error: unknown) => error);
        expect((failure as ApiError).status).toBe(403);
      });
  });

  it("shows a refund's credit note (HTML)", async () => {
    await provider
      .addInteraction()
      .given(STATES.refunded)
      .uponReceiving("a studio request for an order's credit note")
      .withRequest("GET", fromProviderState("/api/studio/orders/${orderId}/credit-notes/${creditNoteNr}", `/api/studio/orders/${ORDER_ID}/credit-notes/${CREDIT_NOTE}`), (b) =>
        b.headers({ accept: "text/html", cookie: SESSION_COOKIE }),
      )
      .willRespondWith(200, (b) => b.headers({ "content-type": "text/html; charset=utf-8" }))
      .executeTest(async (mock) => {
        const response = await fetchDocument(`${mock.url}/api/studio/orders/${ORDER_ID}/credit-notes/${CREDIT_NOTE}`, "text/html");
        expect(response.status).toBe(200);
      });
  });

  it("cancels an unpaid order and tells the customer", async () => {
    await provider
      .addInteraction()
      .given(STATES.unpaid)
      .uponReceiving("a studio cancellation of an unpaid order with the customer's e-mail")
      .withRequest("POST", orderPath("/cancel"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ notify: true }))
      .willRespondWith(200, (b) =>
        b.jsonBody({ data: { id: integer(ORDER_ID), status: "canceled", paymentStatus: string("canceled"), stockState: string("released"), notified: boolean(true) } }),
      )
      .executeTest(async (mock) => {
        const done = await cancelOrder(owner(mock.url), ORDER_ID, true);
        expect(done).toMatchObject({ status: "canceled", notified: true });
      });
  });

  it("refuses to cancel a paid order: 409", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio cancellation of a paid order")
      .withRequest("POST", orderPath("/cancel"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ notify: false }))
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "The money of this order arrived: refund it instead", like({ code: string("order_paid") }))))
      .executeTest(async (mock) => {
        const failure = await cancelOrder(owner(mock.url), ORDER_ID, false).catch((error: unknown) => error);
        expect((failure as ApiError).status).toBe(409);
      });
  });

  it("sends the order's confirmation again", async () => {
    await provider
      .addInteraction()
      .given(STATES.paid)
      .uponReceiving("a studio request to send an order's confirmation again")
      .withRequest("POST", orderPath("/emails"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ kind: "confirmation" }))
      .willRespondWith(202, (b) => b.jsonBody({ data: { kind: "confirmation", to: "gast@example.com" } }))
      .executeTest(async (mock) => {
        expect(await resendEmail(owner(mock.url), ORDER_ID, "confirmation")).toEqual({ kind: "confirmation", to: "gast@example.com" });
      });
  });
});
