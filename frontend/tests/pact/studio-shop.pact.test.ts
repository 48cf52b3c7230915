/**
 * Consumer contracts of the studio's dashboard, customer and stock screens: every call of
 * src/studio/dashboard-api.ts, customers-api.ts and stock-api.ts (backend/splash/site,
 * accounts, academy and catalog studio_routes.py), through the studio's own client, with the
 * refusals the screens handle (a 400 naming its field, 404, 409).
 *
 * The provider state (backend/testkit/studio_shop_states.py) answers the owner's `session`, the
 * customer's id, the paid order's, an entitlement the owner granted, a blocked customer's and the
 * id of a variant an unpaid order reserves. An entitlement's order, granter and reason are null
 * or text by its source, so the contract names only the fields every entitlement fills.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/lib/api";
import {
  eraseCustomer,
  exportCustomer,
  getCustomer,
  getCustomerMails,
  grantLessons,
  listCustomers,
  revokeEntitlement,
  sendPasswordLink,
} from "../../src/studio/customers-api";
import { getDashboard } from "../../src/studio/dashboard-api";
import { adjustStock, listStock, setThreshold } from "../../src/studio/stock-api";
import { ISO_TIMESTAMP } from "./accounts";
import { errorBody } from "./provider";
import { CUSTOMER, CUSTOMER_ROW, customerPath, DAY, ENTITLEMENT, fieldError, IDS, ORDER_STATUS, STOCK_ROW, variantPath } from "./studio-shop-shapes";
import { EXAMPLE_SESSION, SIGNED_IN, SIGNED_IN_BODY, studioApi, studioClientFor } from "./studio-provider";

const { boolean, eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

const provider = studioApi();
const client = (url: string) => studioClientFor(url, EXAMPLE_SESSION);

/** Exactly as backend/testkit/studio_shop_states.py names it. */
const SHOP = "a signed-in studio owner and a customer anna@example.com with orders and lessons";

describe("studio shop API contract: the dashboard", () => {
  it("answers a period's figures and revenue per day, in cents", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for the dashboard over 7 days")
      .withRequest("GET", "/api/studio/dashboard", (b) => b.headers(SIGNED_IN).query({ period: "7d" }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            period: "7d",
            since: ISO_TIMESTAMP,
            orders: integer(1),
            revenueNet: integer(4128),
            lessonsSold: integer(0),
            toShip: integer(1),
            problems: integer(0),
            lowStock: integer(0),
            revenuePerDay: eachLike({ day: DAY, revenueNet: integer(4128) }, 7),
          },
        }),
      )
      .executeTest(async (mock) => {
        const found = await getDashboard(client(mock.url), "7d");
        expect(found.period).toBe("7d");
        expect(found.revenuePerDay).toHaveLength(7);
      });
  });

  it("refuses a period it does not know: 400 naming the query's period", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for the dashboard over a year")
      .withRequest("GET", "/api/studio/dashboard", (b) => b.headers(SIGNED_IN).query({ period: "365d" }))
      .willRespondWith(400, (b) => b.jsonBody(fieldError(["query", "period"], "period must be today, 7d or 30d")))
      .executeTest(async (mock) => {
        const failure = (await getDashboard(client(mock.url), "365d" as "7d").catch((error: unknown) => error)) as ApiError;
        expect(failure.fieldMessage(["query", "period"])).toBeTruthy();
      });
  });
});

describe("studio shop API contract: customers", () => {
  it("finds a customer by part of their e-mail address, a page at a time", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a search of the customers by e-mail")
      .withRequest("GET", "/api/studio/customers", (b) => b.headers(SIGNED_IN).query({ page: "1", pageSize: "50", q: "anna@" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike(CUSTOMER_ROW, 1), meta: { page: 1, pageSize: 50, total: integer(1) } }))
      .executeTest(async (mock) => {
        const found = await listCustomers(client(mock.url), { q: "anna@", sort: "-created", page: 1 });
        expect(found.data.map((customer) => customer.email)).toEqual([CUSTOMER]);
      });
  });

  it("refuses a sort it does not know: 400 naming the query's sort", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a list of the customers sorted by planet")
      .withRequest("GET", "/api/studio/customers", (b) => b.headers(SIGNED_IN).query({ page: "1", pageSize: "50", sort: "planet" }))
      .willRespondWith(400, (b) => b.jsonBody(fieldError(["query", "sort"], "sort must be one of the sorts")))
      .executeTest(async (mock) => {
        const failure = (await listCustomers(client(mock.url), { q: "", sort: "planet", page: 1 }).catch((error: unknown) => error)) as ApiError;
        expect(failure.fieldMessage(["query", "sort"])).toBeTruthy();
      });
  });

  it("answers a customer's page: account, addresses, orders and the lessons they own", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for a customer's page")
      .withRequest("GET", customerPath(), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            customer: CUSTOMER_ROW,
            addresses: eachLike({
              id: integer(3),
              street: string("Prinsengracht"),
              housenumber: string("263"),
              addition: null,
              additionalInfo: null,
              postalCode: string("1016 GV"),
              city: string("Amsterdam"),
              country: string("nl"),
            }),
            orders: eachLike({ id: integer(IDS.order), number: string("SPL-2026-00001"), createdAt: ISO_TIMESTAMP, status: ORDER_STATUS, total: integer(4995), refunded: integer(0) }, 2),
            entitlements: eachLike(ENTITLEMENT, 5),
          },
        }),
      )
      .executeTest(async (mock) => {
        const detail = await getCustomer(client(mock.url), IDS.customer);
        expect(detail.customer.email).toBe(CUSTOMER);
        expect(detail.orders).toHaveLength(2);
      });
  });

  it("answers the e-mails sent to a customer, newest first", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for the e-mails sent to a customer")
      .withRequest("GET", customerPath("/emails"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            id: integer(1),
            sentAt: ISO_TIMESTAMP,
            to: string(CUSTOMER),
            subject: string("Bedankt voor je bestelling SPL-2026-00001"),
            template: string("order_confirmation"),
            locale: regex("^(nl|en|de|es|fr|sv)$", "nl"),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const mails = await getCustomerMails(client(mock.url), IDS.customer);
        expect(mails[0]).toMatchObject({ to: CUSTOMER, template: "order_confirmation" });
      });
  });

  it("answers 404 for a customer it does not know", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for an unknown customer's page")
      .withRequest("GET", "/api/studio/customers/999999", (b) => b.headers(SIGNED_IN))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, "NotFoundError", "No such customer")))
      .executeTest(async (mock) => {
        const failure = (await getCustomer(client(mock.url), 999999).catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(404);
      });
  });

  it("gives a customer a lesson with a reason: every entitlement they hold now", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a grant of a lesson with a reason")
      .withRequest("POST", customerPath("/entitlements"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ lesson: "level-2-lesson-2", reason: "Missed a swimming lesson" }))
      .willRespondWith(201, (b) => b.jsonBody({ data: eachLike(ENTITLEMENT, 6) }))
      .executeTest(async (mock) => {
        const held = await grantLessons(client(mock.url), IDS.customer, "lesson", "level-2-lesson-2", "Missed a swimming lesson");
        expect(held).toHaveLength(6);
      });
  });

  it("refuses a lesson key it does not know: 400 naming the lesson", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a grant of an unknown lesson")
      .withRequest("POST", customerPath("/entitlements"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ lesson: "no-such-lesson", reason: "Missed a swimming lesson" }))
      .willRespondWith(400, (b) => b.jsonBody(fieldError(["lesson"], "No lesson with that key")))
      .executeTest(async (mock) => {
        const failure = (await grantLessons(client(mock.url), IDS.customer, "lesson", "no-such-lesson", "Missed a swimming lesson").catch((error: unknown) => error)) as ApiError;
        expect(failure.fieldMessage(["lesson"])).toBeTruthy();
      });
  });

  it("refuses a grant of lessons staff granted already: 409", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a grant of a lesson staff granted already")
      .withRequest("POST", customerPath("/entitlements"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ lesson: "level-2-lesson-1", reason: "Once more" }))
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "Staff granted every one of those lessons already")))
      .executeTest(async (mock) => {
        const failure = (await grantLessons(client(mock.url), IDS.customer, "lesson", "level-2-lesson-1", "Once more").catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(409);
      });
  });

  it("takes an entitlement away with a reason: what they hold now", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a revocation of an entitlement with a reason")
      .withRequest("DELETE", fromProviderState("/api/studio/customers/${customerId}/entitlements/${entitlementId}", `/api/studio/customers/${IDS.customer}/entitlements/${IDS.entitlement}`), (b) =>
        b.headers(SIGNED_IN_BODY).jsonBody({ reason: "Granted by mistake" }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike(ENTITLEMENT, 4) }))
      .executeTest(async (mock) => {
        expect(await revokeEntitlement(client(mock.url), IDS.customer, IDS.entitlement, "Granted by mistake")).toHaveLength(4);
      });
  });

  it("refuses a revocation without a reason: 400 naming the reason", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a revocation with a reason too short")
      .withRequest("DELETE", fromProviderState("/api/studio/customers/${customerId}/entitlements/${entitlementId}", `/api/studio/customers/${IDS.customer}/entitlements/${IDS.entitlement}`), (b) =>
        b.headers(SIGNED_IN_BODY).jsonBody({ reason: "x" }),
      )
      .willRespondWith(400, (b) => b.jsonBody(fieldError(["reason"], "reason is too short")))
      .executeTest(async (mock) => {
        const failure = (await revokeEntitlement(client(mock.url), IDS.customer, IDS.entitlement, "x").catch((error: unknown) => error)) as ApiError;
        expect(failure.fieldMessage(["reason"])).toBeTruthy();
      });
  });

  it("sends a customer a password-set link in their language: 202", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request to send a customer a password-set link")
      .withRequest("POST", customerPath("/password-link"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(202, (b) => b.jsonBody({ data: { queued: true, email: CUSTOMER, locale: string("nl") } }))
      .executeTest(async (mock) => {
        expect((await sendPasswordLink(client(mock.url), IDS.customer)).email).toBe(CUSTOMER);
      });
  });

  it("sends a blocked customer no password-set link: 409", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request to send a blocked customer a password-set link")
      .withRequest("POST", customerPath("/password-link", "blockedCustomerId"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "The account is blocked: no password link is sent")))
      .executeTest(async (mock) => {
        const failure = (await sendPasswordLink(client(mock.url), IDS.blocked).catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(409);
      });
  });

  it("exports everything stored about a customer as one JSON file", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for a customer's export")
      .withRequest("GET", customerPath("/export"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) =>
        b
          .headers({ "content-disposition": regex('^attachment; filename="splash-customer-\\d+\\.json"$', `attachment; filename="splash-customer-${IDS.customer}.json"`) })
          .jsonBody({
            account: like({ id: integer(IDS.customer), email: CUSTOMER, hasPassword: boolean(true) }),
            addresses: eachLike(like({ postalCode: string("1016 GV") })),
            tokens: like([]),
            orders: eachLike(like({ lines: eachLike(like({})), payments: like([]) }), 2),
            entitlements: eachLike(ENTITLEMENT, 5),
            lessonProgress: like([]),
            formSubmissions: like([]),
            exportedAt: ISO_TIMESTAMP,
          }),
      )
      .executeTest(async (mock) => {
        const everything = await exportCustomer(client(mock.url), IDS.customer);
        expect(everything.account).toMatchObject({ email: CUSTOMER });
      });
  });

  it("erases a customer confirmed with their e-mail address: what was taken out", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("an erasure confirmed with the customer's e-mail address")
      .withRequest("POST", customerPath("/erase"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ confirm: CUSTOMER }))
      .willRespondWith(200, (b) => b.jsonBody({ data: { customerId: integer(IDS.customer), orders: integer(2), formSubmissions: integer(0) } }))
      .executeTest(async (mock) => {
        expect((await eraseCustomer(client(mock.url), IDS.customer, CUSTOMER)).orders).toBe(2);
      });
  });

  it("refuses an erasure confirmed with another address: 400 naming the confirmation", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("an erasure confirmed with another e-mail address")
      .withRequest("POST", customerPath("/erase"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ confirm: "bram@example.com" }))
      .willRespondWith(400, (b) => b.jsonBody(fieldError(["confirm"], "Type the customer's e-mail address to confirm")))
      .executeTest(async (mock) => {
        const failure = (await eraseCustomer(client(mock.url), IDS.customer, "bram@example.com").catch((error: unknown) => error)) as ApiError;
        expect(failure.fieldMessage(["confirm"])).toBeTruthy();
      });
  });
});

describe("studio shop API contract: stock", () => {
  it("lists every stocked variant's numbers", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for the stock")
      .withRequest("GET", "/api/studio/stock", (b) => b.headers(SIGNED_IN).query({ low: "false" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike(STOCK_ROW, 2) }))
      .executeTest(async (mock) => {
        const rows = await listStock(client(mock.url), false);
        expect(rows[0]?.available).toBe(18);
      });
  });

  it("lists only the variants at or below their threshold", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a request for the low stock")
      .withRequest("GET", "/api/studio/stock", (b) => b.headers(SIGNED_IN).query({ low: "true" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: like([]) }))
      .executeTest(async (mock) => {
        expect(Array.isArray(await listStock(client(mock.url), true))).toBe(true);
      });
  });

  it("counts units in with a reason: the variant's numbers after", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a stock adjustment of +12 with a reason")
      .withRequest("POST", variantPath("/adjustments"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ change: 12, reason: "Delivery from the maker" }))
      .willRespondWith(201, (b) => b.jsonBody({ data: STOCK_ROW }))
      .executeTest(async (mock) => {
        expect((await adjustStock(client(mock.url), IDS.variant, 12, "Delivery from the maker")).variantId).toBe(IDS.variant);
      });
  });

  it("refuses counting out below what unpaid orders reserve: 409", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a stock adjustment below what unpaid orders reserve")
      .withRequest("POST", variantPath("/adjustments"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ change: -100000, reason: "Counted out" }))
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "Unpaid orders reserve more than that")))
      .executeTest(async (mock) => {
        const failure = (await adjustStock(client(mock.url), IDS.variant, -100000, "Counted out").catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(409);
      });
  });

  it("changes a variant's low-stock threshold", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a change of a low-stock threshold")
      .withRequest("PATCH", variantPath(), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ lowStockThreshold: 5 }))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...STOCK_ROW, lowStockThreshold: 5 } }))
      .executeTest(async (mock) => {
        expect((await setThreshold(client(mock.url), IDS.variant, 5)).lowStockThreshold).toBe(5);
      });
  });

  it("refuses a threshold below zero: 400 naming the threshold", async () => {
    await provider
      .addInteraction()
      .given(SHOP)
      .uponReceiving("a change of a low-stock threshold to -1")
      .withRequest("PATCH", variantPath(), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ lowStockThreshold: -1 }))
      .willRespondWith(400, (b) => b.jsonBody(fieldError(["lowStockThreshold"], "lowStockThreshold must be at least 0")))
      .executeTest(async (mock) => {
        const failure = (await setThreshold(client(mock.url), IDS.variant, -1).catch((error: unknown) => error)) as ApiError;
        expect(failure.fieldMessage(["lowStockThreshold"])).toBeTruthy();
      });
  });
});
