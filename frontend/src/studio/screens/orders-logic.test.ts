import { describe, expect, test } from "vitest";
import { ApiError } from "../../lib/api";
import type { OrderLine } from "../orders-api";
import { emailKindOf, euroCents, fieldErrors, inboxSearch, nextSort, parseInboxQuery, refundBody, refundedUnits, shipDefaults, shipmentBody, toShip } from "./orders-logic";

function line(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 31,
    sku: "SPL-FS-BLUE-M",
    productType: "physical",
    title: "Splash float suit",
    variantLabel: "Blue, M",
    options: [],
    quantity: 3,
    shipped: 0,
    unitPrice: 4995,
    lineTotal: 14985,
    vatRate: 21,
    vat: 2601,
    ...overrides,
  };
}

const SUIT = line({ id: 31, quantity: 3, shipped: 1 });
const CAP = line({ id: 32, sku: "SPL-CAP", title: "Swim cap", quantity: 1, shipped: 1 });
const LESSON = line({ id: 33, sku: "SPL-L1", productType: "digital", title: "Level 1", quantity: 1 });

describe("the inbox's query in the address", () => {
  test("an empty address is the default inbox: all orders, newest first, page 1", () => {
    expect(parseInboxQuery(new URLSearchParams(""))).toEqual({ box: "all", q: "", sort: "-date", page: 1 });
  });

  test("a query round-trips through the address, defaults left out", () => {
    const query = { box: "to_ship", q: "eva de vries", sort: "total", page: 3 } as const;
    const search = inboxSearch(query);
    expect(search).toBe("?box=to_ship&q=eva+de+vries&sort=total&page=3");
    expect(parseInboxQuery(new URLSearchParams(search))).toEqual(query);
    expect(inboxSearch({ box: "all", sort: "-date", page: 1, q: "" })).toBe("");
  });

  test("unknown boxes, sorts and pages fall back instead of reaching the API", () => {
    const parsed = parseInboxQuery(new URLSearchParams("box=lost&sort=colour&page=0&q=%20%201015%20CS%20"));
    expect(parsed).toEqual({ box: "all", q: "1015 CS", sort: "-date", page: 1 });
    expect(parseInboxQuery(new URLSearchParams("page=2.5")).page).toBe(1);
    expect(parseInboxQuery(new URLSearchParams("page=10001")).page).toBe(1);
    expect(parseInboxQuery(new URLSearchParams(`q=${"x".repeat(150)}`)).q).toHaveLength(100);
  });

  test("a column's sort goes descending first, then ascending", () => {
    expect(nextSort("-date", "total")).toBe("-total");
    expect(nextSort("-total", "total")).toBe("total");
    expect(nextSort("total", "total")).toBe("-total");
  });
});

describe("the ship form", () => {
  test("starts with every unit still to ship of physical lines, PostNL, no tracking", () => {
    expect(toShip(SUIT)).toBe(2);
    expect(toShip(LESSON)).toBe(0);
    expect(shipDefaults([SUIT, CAP, LESSON])).toEqual({ carrier: "postnl", trackingNumber: "", trackingUrl: "", quantity_31: "2" });
  });

  test("asks for the lines with units, and a tracking link only for another carrier", () => {
    const values = { quantity_31: " 1 ", quantity_32: "0", carrier: "dhl", trackingNumber: " JJD0001 ", trackingUrl: "https://example.com/t" };
    expect(shipmentBody(values, [SUIT, line({ id: 32, quantity: 2 })])).toEqual({
      lines: [{ lineId: 31, quantity: 1 }],
      carrier: "dhl",
      trackingNumber: "JJD0001",
      trackingUrl: null,
    });
    expect(shipmentBody({ ...values, carrier: "other" }, [SUIT]).trackingUrl).toBe("https://example.com/t");
    expect(shipmentBody({ ...values, carrier: "other", trackingUrl: "" }, [SUIT]).trackingUrl).toBeNull();
  });

  test("the server's lines.N.quantity lands at the N-th sent line's field", () => {
    const error = new ApiError({
      data: null,
      error: {
        status: 409,
        name: "ConflictError",
        message: "At most 1 units of this line are left to ship",
        details: { code: "too_many_units", errors: [{ path: ["lines", "1", "quantity"], message: "At most 1", name: "too_many_units" }] },
      },
    });
    const worded = fieldErrors(error, [{ lineId: 31 }, { lineId: 40 }], (_, code) => `worded ${code}`);
    expect(worded).toEqual({ quantity_40: "worded too_many_units" });
  });

  test("a refused tracking number is at its field; an unknown path is nowhere", () => {
    const error = new ApiError({
      data: null,
      error: {
        status: 400,
        name: "ValidationError",
        message: "bad",
        details: { errors: [{ path: ["trackingNumber"], message: "pattern", name: "ValidationError" }, { path: ["header", "idempotency-key"], message: "x", name: "x" }] },
      },
    });
    expect(fieldErrors(error, [], (entry) => entry.message)).toEqual({ trackingNumber: "pattern" });
  });
});

describe("the refund form", () => {
  test("amounts typed in euros become cents; anything else is refused", () => {
    expect(euroCents("12,50")).toBe(1250);
    expect(euroCents("12.5")).toBe(1250);
    expect(euroCents(" 7 ")).toBe(700);
    expect(euroCents("0,05")).toBe(5);
    expect(euroCents("12,505")).toBeNull();
    expect(euroCents("€ 12")).toBeNull();
    expect(euroCents("")).toBeNull();
  });

  test("by lines: units above zero, the shipping and the options", () => {
    const values = { by: "lines", refund_31: "1", refund_33: "0", shipping: true, restock: true, revokeLessons: false, reason: "  too small " };
    expect(refundBody(values, [SUIT, LESSON])).toEqual({
      lines: [{ lineId: 31, quantity: 1 }],
      shipping: true,
      restock: true,
      revokeLessons: false,
      reason: "too small",
    });
  });

  test("by amount: only the amount and the options, never lines", () => {
    expect(refundBody({ by: "amount", amount: "5,00", refund_31: "1", restock: false, revokeLessons: true }, [SUIT])).toEqual({
      amount: 500,
      restock: false,
      revokeLessons: true,
    });
  });

  test("units refunded before count, a failed refund does not", () => {
    const units = refundedUnits([
      { status: "refunded", lines: [{ lineId: 31, quantity: 1 }] },
      { status: "pending", lines: [{ lineId: 31, quantity: 1 }, { lineId: 33, quantity: 1 }] },
      { status: "failed", lines: [{ lineId: 31, quantity: 1 }] },
    ]);
    expect(units.get(31)).toBe(2);
    expect(units.get(33)).toBe(1);
  });
});

describe("sending an e-mail again", () => {
  test("a sent mail's template names the kind to send again; others have none", () => {
    expect(emailKindOf("order_shipped")).toBe("shipped");
    expect(emailKindOf("order_bank_transfer")).toBe("bank_transfer");
    expect(emailKindOf("order_refund")).toBe("refund");
    expect(emailKindOf("password_reset")).toBeNull();
  });
});
