import { describe, expect, test } from "vitest";
import {
  addLine,
  clampQuantity,
  dropVariants,
  itemCount,
  lineKey,
  MAX_LINES,
  parseCartCookie,
  removeLine,
  sameLine,
  serializeCart,
  setLineQuantity,
} from "./rules";
import type { CartLine } from "./types";

const line = (variantId: number, quantity = 1, options: CartLine["options"] = []): CartLine => ({ variantId, quantity, options });
const NAME = { key: "name", value: "Noor" };
const OTHER_NAME = { key: "name", value: "Sam" };
const GIFT = { key: "gift", value: "yes" };

/** The raw cookie value of this JSON (or text), URI-encoded as the browser keeps it. */
const cookie = (value: unknown) => encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value));
const lines = (count: number) => Array.from({ length: count }, (_, index) => line(index + 1));

describe("lines are the same when variant and options are", () => {
  test("the same variant without options", () => {
    expect(sameLine(line(12), line(12, 5))).toBe(true);
  });

  test("another variant is another line", () => {
    expect(sameLine(line(12), line(13))).toBe(false);
  });

  test("the same variant with other options is another line", () => {
    expect(sameLine(line(12, 1, [NAME]), line(12, 1, [OTHER_NAME]))).toBe(false);
    expect(sameLine(line(12, 1, [NAME]), line(12))).toBe(false);
    expect(sameLine(line(12, 1, [NAME]), line(12, 1, [NAME, GIFT]))).toBe(false);
  });

  test("the order of the options does not matter", () => {
    expect(sameLine(line(12, 1, [NAME, GIFT]), line(12, 1, [GIFT, NAME]))).toBe(true);
    expect(lineKey(line(12, 1, [NAME, GIFT]))).toBe(lineKey(line(12, 1, [GIFT, NAME])));
  });

  test("keys and values cannot be confused by separators inside them", () => {
    const a = line(1, 1, [{ key: "a,b", value: "c" }]);
    const b = line(1, 1, [{ key: "a", value: "b,c" }]);
    expect(sameLine(a, b)).toBe(false);
  });
});

describe("addLine", () => {
  test("an empty cart gets the line", () => {
    expect(addLine([], line(12, 2))).toEqual({ lines: [line(12, 2)], outcome: "added" });
  });

  test("a line identical in variant and options raises the quantity of the existing line", () => {
    // given
    const cart = [line(12, 2, [NAME]), line(13)];
    // when
    const result = addLine(cart, line(12, 3, [NAME]));
    // then
    expect(result).toEqual({ lines: [line(12, 5, [NAME]), line(13)], outcome: "merged" });
    expect(cart[0]?.quantity).toBe(2); // the given lines are not changed
  });

  test("with `once` an identical line stays as it is ('present'); a new one is still added", () => {
    expect(addLine([line(120)], line(120), true)).toEqual({ lines: [line(120)], outcome: "present" });
    expect(addLine([line(120)], line(130), true)).toEqual({ lines: [line(120), line(130)], outcome: "added" });
  });

  test("the same variant with other options is added as a new line at the end", () => {
    const result = addLine([line(12, 1, [NAME])], line(12, 1, [OTHER_NAME]));
    expect(result).toEqual({ lines: [line(12, 1, [NAME]), line(12, 1, [OTHER_NAME])], outcome: "added" });
  });

  test("another variant is added as a new line", () => {
    expect(addLine([line(12)], line(13)).lines).toEqual([line(12), line(13)]);
  });

  test("merging never goes above 99", () => {
    expect(addLine([line(12, 98)], line(12, 5)).lines).toEqual([line(12, 99)]);
  });

  test("a new line's quantity is kept within 1–99", () => {
    expect(addLine([], line(12, 250)).lines).toEqual([line(12, 99)]);
    expect(addLine([], line(12, 0)).lines).toEqual([line(12, 1)]);
  });

  test("a cart of 50 lines takes no new line, but still merges", () => {
    const full = lines(MAX_LINES);
    expect(addLine(full, line(999))).toEqual({ lines: full, outcome: "full" });
    expect(addLine(full, line(1, 2)).outcome).toBe("merged");
  });
});

describe("removeLine, setLineQuantity, dropVariants", () => {
  test("removing deletes the line matching variant and options, other lines of the variant stay", () => {
    const cart = [line(12, 1, [NAME]), line(12, 2), line(13)];
    expect(removeLine(cart, { variantId: 12, options: [NAME] })).toEqual([line(12, 2), line(13)]);
    expect(removeLine(cart, { variantId: 12, options: [] })).toEqual([line(12, 1, [NAME]), line(13)]);
  });

  test("removing a line that is not there changes nothing", () => {
    expect(removeLine([line(12)], { variantId: 12, options: [GIFT] })).toEqual([line(12)]);
  });

  test("a quantity is set on the matching line only, within 1–99", () => {
    const cart = [line(12), line(12, 1, [NAME])];
    expect(setLineQuantity(cart, { variantId: 12, options: [] }, 4)).toEqual([line(12, 4), line(12, 1, [NAME])]);
    expect(setLineQuantity(cart, { variantId: 12, options: [] }, 0)).toEqual(cart);
    expect(setLineQuantity(cart, { variantId: 12, options: [] }, 100)[0]?.quantity).toBe(99);
  });

  test("dropping variants removes all their lines", () => {
    expect(dropVariants([line(12), line(12, 1, [NAME]), line(13), line(14)], [12, 14])).toEqual([line(13)]);
  });
});

describe("clampQuantity and itemCount", () => {
  test.each([
    [1, 1],
    [99, 99],
    [0, 1],
    [-3, 1],
    [100, 99],
    [2.7, 2],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])("%s becomes %s", (given, expected) => {
    expect(clampQuantity(given)).toBe(expected);
  });

  test("the item count is the sum of the quantities", () => {
    expect(itemCount([])).toBe(0);
    expect(itemCount([line(12, 2), line(13, 3), line(12, 1, [NAME])])).toBe(6);
  });
});

describe("the cart cookie", () => {
  test("serialising keeps only variantId, quantity and options", () => {
    const loaded = { ...line(12, 2, [{ ...NAME, extra: "x" } as CartLine["options"][number]]), title: "Splash float suit", price: 4995 } as CartLine;
    expect(serializeCart([loaded])).toBe('[{"variantId":12,"quantity":2,"options":[{"key":"name","value":"Noor"}]}]');
  });

  test("what is serialised parses back to the same lines", () => {
    const cart = [line(12, 2, [NAME, GIFT]), line(13, 99), line(14)];
    expect(parseCartCookie(encodeURIComponent(serializeCart(cart)))).toEqual({ lines: cart, dropped: false });
  });

  test("no cookie and an empty cookie are an empty cart, nothing dropped", () => {
    expect(parseCartCookie(null)).toEqual({ lines: [], dropped: false });
    expect(parseCartCookie("")).toEqual({ lines: [], dropped: false });
    expect(parseCartCookie(cookie([]))).toEqual({ lines: [], dropped: false });
  });

  test("a line without options has none", () => {
    expect(parseCartCookie(cookie([{ variantId: 12, quantity: 2 }]))).toEqual({ lines: [line(12, 2)], dropped: false });
  });

  test.each([
    ["malformed URI encoding", "%E0%A4%A"],
    ["malformed JSON", cookie('[{"variantId":12,"quantity":2')],
    ["not JSON at all", "not-json"],
    ["a JSON object", cookie({ variantId: 12, quantity: 1 })],
    ["a JSON number", cookie(3)],
    ["a JSON string", cookie(JSON.stringify("[]"))],
    ["JSON null", cookie(null)],
  ])("%s drops everything", (_label, raw) => {
    expect(parseCartCookie(raw)).toEqual({ lines: [], dropped: true });
  });

  test.each([
    ["a line that is not an object", 7],
    ["a null line", null],
    ["an array as line", [12, 1]],
    ["a missing variantId", { quantity: 1 }],
    ["a variantId as string", { variantId: "12", quantity: 1 }],
    ["a variantId of 0", { variantId: 0, quantity: 1 }],
    ["a negative variantId", { variantId: -12, quantity: 1 }],
    ["a fractional variantId", { variantId: 12.5, quantity: 1 }],
    ["a variantId past 2^31 - 1", { variantId: 2 ** 31, quantity: 1 }],
    ["a missing quantity", { variantId: 13 }],
    ["a quantity as string", { variantId: 13, quantity: "2" }],
    ["a zero quantity", { variantId: 13, quantity: 0 }],
    ["a negative quantity", { variantId: 13, quantity: -2 }],
    ["a huge quantity", { variantId: 13, quantity: 1e9 }],
    ["a quantity of 100", { variantId: 13, quantity: 100 }],
    ["a fractional quantity", { variantId: 13, quantity: 1.5 }],
    ["a boolean quantity", { variantId: 13, quantity: true }],
    ["options that are not a list", { variantId: 13, quantity: 1, options: { key: "name", value: "Noor" } }],
    ["an option that is not an object", { variantId: 13, quantity: 1, options: ["name"] }],
    ["an option with a number value", { variantId: 13, quantity: 1, options: [{ key: "size", value: 3 }] }],
    ["an option with an empty key", { variantId: 13, quantity: 1, options: [{ key: "", value: "x" }] }],
    ["an option value over 64 characters", { variantId: 13, quantity: 1, options: [{ key: "name", value: "x".repeat(65) }] }],
    ["more than 10 options", { variantId: 13, quantity: 1, options: Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, value: "v" })) }],
  ])("%s: that line is dropped, the good lines stay", (_label, bad) => {
    // given
    const raw = cookie([{ variantId: 12, quantity: 2, options: [] }, bad, { variantId: 14, quantity: 1, options: [NAME] }]);
    // when
    const parsed = parseCartCookie(raw);
    // then
    expect(parsed).toEqual({ lines: [line(12, 2), line(14, 1, [NAME])], dropped: true });
  });

  test("64-character option texts and 10 options are still fine", () => {
    const options = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, value: "x".repeat(64) }));
    expect(parseCartCookie(cookie([line(12, 1, options)]))).toEqual({ lines: [line(12, 1, options)], dropped: false });
  });

  test("a repeated line (same variant and options) is dropped; the first one stays", () => {
    const parsed = parseCartCookie(cookie([line(12, 2, [NAME, GIFT]), line(13), line(12, 5, [GIFT, NAME]), line(12, 1)]));
    expect(parsed).toEqual({ lines: [line(12, 2, [NAME, GIFT]), line(13), line(12, 1)], dropped: true });
  });

  test("past 50 lines the rest is dropped", () => {
    const parsed = parseCartCookie(cookie(lines(60)));
    expect(parsed.lines).toEqual(lines(50));
    expect(parsed.dropped).toBe(true);
  });

  test("50 lines are fine", () => {
    expect(parseCartCookie(cookie(lines(50)))).toEqual({ lines: lines(50), dropped: false });
  });

  test("unknown extra fields of a line are left behind without dropping it", () => {
    expect(parseCartCookie(cookie([{ variantId: 12, quantity: 1, options: [], price: 1 }]))).toEqual({ lines: [line(12)], dropped: false });
  });
});
