import { afterEach, describe, expect, test, vi } from "vitest";
import { adoptHandedOverDraft, endCheckout, HANDED_OVER_DRAFT_COOKIE, readCheckoutDraft, rememberPlacedOrder, writeCheckoutDraft } from "./checkout-session";

afterEach(() => window.sessionStorage.clear());

describe("checkout session", () => {
  test("a draft written is read back as it was", () => {
    writeCheckoutDraft({ step: "shipping", personal: { firstname: "Eva" } });
    expect(readCheckoutDraft()).toEqual({ step: "shipping", personal: { firstname: "Eva" } });
  });

  test("no draft, or a draft that is not JSON, reads as null", () => {
    expect(readCheckoutDraft()).toBeNull();
    window.sessionStorage.setItem("splash:checkout", "{not json");
    expect(readCheckoutDraft()).toBeNull();
  });

  test("ending the checkout of the order it placed empties the cart and forgets the draft", () => {
    writeCheckoutDraft({ step: "summary" });
    rememberPlacedOrder("slug-of-the-order");
    const emptyCart = vi.fn();
    expect(endCheckout("slug-of-the-order", emptyCart)).toBe(true);
    expect(emptyCart).toHaveBeenCalledTimes(1);
    expect(readCheckoutDraft()).toBeNull();
    // once: a second visit of the same order page empties a new cart no more
    expect(endCheckout("slug-of-the-order", emptyCart)).toBe(false);
    expect(emptyCart).toHaveBeenCalledTimes(1);
  });

  test("another order's page leaves the cart and the draft alone", () => {
    writeCheckoutDraft({ step: "summary" });
    rememberPlacedOrder("slug-of-the-order");
    const emptyCart = vi.fn();
    expect(endCheckout("slug-of-an-older-order", emptyCart)).toBe(false);
    expect(emptyCart).not.toHaveBeenCalled();
    expect(readCheckoutDraft()).toEqual({ step: "summary" });
  });
});

describe("a draft handed over from another language's domain", () => {
  const handOver = (value: string) => {
    document.cookie = `${HANDED_OVER_DRAFT_COOKIE}=${value}; path=/`;
  };

  test("is taken into the tab's session once, in place of the tab's own, and its cookie is gone", () => {
    writeCheckoutDraft({ step: "personal" });
    handOver(encodeURIComponent(JSON.stringify({ step: "shipping", values: { personal: { firstname: "Eva" } } })));
    adoptHandedOverDraft();
    expect(readCheckoutDraft()).toEqual({ step: "shipping", values: { personal: { firstname: "Eva" } } });
    expect(document.cookie).not.toContain(HANDED_OVER_DRAFT_COOKIE);
  });

  test("a cookie that is not JSON leaves the tab's own draft", () => {
    writeCheckoutDraft({ step: "personal" });
    handOver("%7Bnot%20json");
    adoptHandedOverDraft();
    expect(readCheckoutDraft()).toEqual({ step: "personal" });
    expect(document.cookie).not.toContain(HANDED_OVER_DRAFT_COOKIE);
  });
});
