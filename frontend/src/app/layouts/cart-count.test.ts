import { describe, expect, test } from "vitest";
import { cartCountFromCookie } from "./cart-count";

function cartCookie(lines: unknown): string {
  return `cart=${encodeURIComponent(JSON.stringify(lines))}`;
}

describe("cartCountFromCookie", () => {
  test("no cookies at all count as 0", () => {
    expect(cartCountFromCookie("")).toBe(0);
  });

  test("other cookies without a cart cookie count as 0", () => {
    expect(cartCountFromCookie("session=abc; theme=dark")).toBe(0);
  });

  test("an empty cart cookie counts as 0", () => {
    expect(cartCountFromCookie("cart=")).toBe(0);
  });

  test("a valid JSON array of lines gives the sum of the quantities", () => {
    // given
    const cookie = `cart=${JSON.stringify([{ id: 1, quantity: 2 }, { id: 2, quantity: 3 }])}`;
    // when / then
    expect(cartCountFromCookie(cookie)).toBe(5);
  });

  test("a URL-encoded cookie value is decoded", () => {
    const cookie = cartCookie([{ sku: "zwempak maat 3/4 é", quantity: 1 }, { sku: "b", quantity: 4 }]);
    expect(cookie).toContain("%22");
    expect(cartCountFromCookie(cookie)).toBe(5);
  });

  test("the cart cookie is found between other cookies", () => {
    const cookie = `session=abc; ${cartCookie([{ quantity: 2 }, { quantity: 1 }])}; theme=dark`;
    expect(cartCountFromCookie(cookie)).toBe(3);
  });

  test("a cookie whose name merely ends in 'cart' is not the cart", () => {
    expect(cartCountFromCookie(`oldcart=${encodeURIComponent('[{"quantity":9}]')}; ${cartCookie([{ quantity: 1 }])}`)).toBe(1);
    expect(cartCountFromCookie(`oldcart=${encodeURIComponent('[{"quantity":9}]')}`)).toBe(0);
  });

  test("an empty array counts as 0", () => {
    expect(cartCountFromCookie(cartCookie([]))).toBe(0);
  });

  test("malformed JSON counts as 0", () => {
    expect(cartCountFromCookie("cart=%5B%7B%22quantity%22%3A2")).toBe(0);
    expect(cartCountFromCookie("cart=not-json")).toBe(0);
  });

  test("a malformed URL encoding counts as 0", () => {
    expect(cartCountFromCookie("cart=%E0%A4%A")).toBe(0);
  });

  test.each([
    ["an object", { quantity: 3 }],
    ["a number", 3],
    ["a string", "3"],
    ["null", null],
  ])("a JSON value that is not an array (%s) counts as 0", (_label, value) => {
    expect(cartCountFromCookie(cartCookie(value))).toBe(0);
  });

  test.each([
    ["a negative quantity", -2],
    ["a zero quantity", 0],
    ["a float quantity", 1.5],
    ["a numeric string", "2"],
    ["null", null],
    ["a boolean", true],
    ["NaN (as null in JSON)", Number.NaN],
  ])("a line with %s counts as 0, the valid lines still count", (_label, quantity) => {
    const cookie = cartCookie([{ quantity: 2 }, { quantity }, { quantity: 1 }]);
    expect(cartCountFromCookie(cookie)).toBe(3);
  });

  test("lines that are not objects or lack a quantity count as 0", () => {
    const cookie = cartCookie([null, 7, "x", {}, [], { quantity: 4 }]);
    expect(cartCountFromCookie(cookie)).toBe(4);
  });
});
