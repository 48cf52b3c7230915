import { afterEach, describe, expect, test, vi } from "vitest";
import { fakeApi } from "../../testing/auth";
import { readCookie } from "../cookies";
import { readCheckoutDraft } from "./checkout-session";
import { CART_COOKIE, CART_COUNTRY_COOKIE, createCartStore } from "./store";
import { ADDED, resetCartTestState, setCartCookie, setCartCountryCookie } from "../../testing/cart";
import type { CartLine } from "./types";

const line = (variantId: number, quantity = 1, options: CartLine["options"] = []): CartLine => ({ variantId, quantity, options });
const NAME = { key: "name", value: "Noor" };

/** An API that answers nothing: the store itself never calls it (the cart page's quote does). */
const catalog = () => fakeApi({});

/** The cart cookie's lines, as the store wrote them. */
const cookieLines = () => JSON.parse(readCookie(CART_COOKIE) ?? "null") as unknown;

afterEach(() => {
  resetCartTestState();
  vi.restoreAllMocks();
});

describe("createCartStore, starting", () => {
  test("before start it is unknown and empty: no cookie read, no request", () => {
    setCartCookie([line(12)]);
    const server = catalog();
    const store = createCartStore();
    expect(store.getState()).toEqual({ status: "unknown", lines: [], country: null, notice: false, feedback: [] });
    expect(server.calls).toEqual([]);
  });

  test("start without a cookie: ready and empty, no request, no notice", () => {
    const server = catalog();
    const store = createCartStore();
    store.start();
    expect(store.getState()).toMatchObject({ status: "ready", lines: [], notice: false });
    expect(server.calls).toEqual([]);
  });

  test("start restores the cookie's lines and asks the API nothing", () => {
    // given: two lines of variant 12 (other options) and one of 13
    setCartCookie([line(12, 2), line(12, 1, [NAME]), line(13)]);
    const server = catalog();
    const store = createCartStore();
    // when
    store.start();
    // then
    expect(store.getState().lines).toEqual([line(12, 2), line(12, 1, [NAME]), line(13)]);
    expect(server.calls).toEqual([]);
    expect(store.getState().notice).toBe(false);
  });

  test("start runs once: a change after it is not undone by a second start", () => {
    setCartCookie([line(12)]);
    catalog();
    const store = createCartStore();
    store.start();
    store.clear();
    store.start();
    expect(store.getState().lines).toEqual([]);
  });

  test("start takes a draft the language hand-off brought into the tab's session, before the checkout reads it", () => {
    document.cookie = `checkout_handoff=${encodeURIComponent('{"step":"shipping"}')}; path=/`;
    const store = createCartStore();
    store.start();
    expect(readCheckoutDraft()).toEqual({ step: "shipping" });
  });

  test("a malformed cookie gives an empty cart with the notice, and the cookie is cleared", () => {
    setCartCookie("[{not json");
    catalog();
    const store = createCartStore();
    store.start();
    expect(store.getState()).toMatchObject({ status: "ready", lines: [], notice: true });
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("a tampered cookie keeps its good lines, is rewritten with only those, and sets the notice", () => {
    setCartCookie([line(12, 2), { variantId: "13", quantity: 1 }, { variantId: 14, quantity: -4 }, line(12, 3), line(13, 1)]);
    catalog();
    const store = createCartStore();
    store.start();
    expect(store.getState().lines).toEqual([line(12, 2), line(13)]);
    expect(cookieLines()).toEqual([line(12, 2), line(13)]);
    expect(store.getState().notice).toBe(true);
  });
});

describe("createCartStore, changes", () => {
  test("adding writes the cookie (30 days, path /, SameSite=Lax) with only variantId, quantity and options", () => {
    catalog();
    const set = vi.spyOn(document, "cookie", "set");
    const store = createCartStore();
    store.add(line(12, 2, [NAME]), ADDED);
    const value = encodeURIComponent('[{"variantId":12,"quantity":2,"options":[{"key":"name","value":"Noor"}]}]');
    expect(set).toHaveBeenLastCalledWith(`cart=${value}; Max-Age=2592000; Path=/; SameSite=Lax`);
  });

  test("adding an identical line raises its quantity; other options make a new line; each add writes the cookie", () => {
    // given
    catalog();
    const store = createCartStore();
    store.start();
    // when / then
    expect(store.add(line(12), ADDED)).toBe("added");
    expect(cookieLines()).toEqual([line(12)]);
    expect(store.add(line(12, 2), ADDED)).toBe("merged");
    expect(cookieLines()).toEqual([line(12, 3)]);
    expect(store.add(line(12, 1, [NAME]), ADDED)).toBe("added");
    expect(cookieLines()).toEqual([line(12, 3), line(12, 1, [NAME])]);
    expect(store.getState().lines).toEqual([line(12, 3), line(12, 1, [NAME])]);
  });

  test("what is bought once (lessons) keeps its quantity when added again, and the card says it is already there", () => {
    catalog();
    const store = createCartStore();
    store.start();
    expect(store.add(line(120), ADDED, { once: true })).toBe("added");
    expect(store.add(line(120), ADDED, { once: true })).toBe("present");
    expect(store.getState().lines).toEqual([line(120)]);
    expect(cookieLines()).toEqual([line(120)]);
    expect(store.getState().feedback.map((card) => card.already)).toEqual([false, true]);
  });

  test("each add queues a feedback card; dismissing one leaves the others in order", () => {
    catalog();
    const store = createCartStore();
    store.add(line(12), ADDED);
    store.add(line(13, 2), ADDED);
    const [first, second] = store.getState().feedback;
    expect([first?.line, second?.line]).toEqual([line(12), line(13, 2)]);
    store.dismissFeedback(first?.id ?? 0);
    expect(store.getState().feedback).toEqual([second]);
  });

  test("adding before start restores the cookie first: its lines are kept", () => {
    setCartCookie([line(13, 4)]);
    const server = catalog();
    const store = createCartStore();
    store.add(line(12), ADDED);
    expect(store.getState().lines).toEqual([line(13, 4), line(12)]);
    expect(cookieLines()).toEqual([line(13, 4), line(12)]);
    store.start();
    expect(store.getState().lines).toEqual([line(13, 4), line(12)]);
    expect(server.calls).toEqual([]);
  });

  test("a full cart (50 lines) takes no new line: no feedback, no cookie change", () => {
    setCartCookie(Array.from({ length: 50 }, (_, index) => line(index + 1)));
    fakeApi({});
    const store = createCartStore();
    const set = vi.spyOn(document, "cookie", "set");
    expect(store.add(line(777), ADDED)).toBe("full");
    expect(store.getState().lines).toHaveLength(50);
    expect(store.getState().feedback).toEqual([]);
    expect(set).not.toHaveBeenCalled();
  });

  test("removing deletes the line of that variant with those options and writes the cookie", () => {
    setCartCookie([line(12, 2), line(12, 1, [NAME]), line(13)]);
    catalog();
    const store = createCartStore();
    store.start();
    store.remove({ variantId: 12, options: [NAME] });
    expect(store.getState().lines).toEqual([line(12, 2), line(13)]);
    expect(cookieLines()).toEqual([line(12, 2), line(13)]);
  });

  test("removing the last line clears the cookie", () => {
    setCartCookie([line(12)]);
    catalog();
    const store = createCartStore();
    store.start();
    store.remove({ variantId: 12, options: [] });
    expect(store.getState().lines).toEqual([]);
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("setting a quantity keeps it within 1–99 and writes the cookie", () => {
    setCartCookie([line(12, 2)]);
    catalog();
    const store = createCartStore();
    store.start();
    store.setQuantity({ variantId: 12, options: [] }, 5);
    expect(cookieLines()).toEqual([line(12, 5)]);
    store.setQuantity({ variantId: 12, options: [] }, 150);
    expect(cookieLines()).toEqual([line(12, 99)]);
    store.setQuantity({ variantId: 12, options: [] }, 0);
    expect(store.getState().lines).toEqual([line(12, 1)]);
  });

  test("clearing empties the cart and the cookie", () => {
    setCartCookie([line(12, 2), line(13)]);
    catalog();
    const store = createCartStore();
    store.start();
    store.clear();
    expect(store.getState().lines).toEqual([]);
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("variants the quote dropped lose their lines, with the notice; dismissing the notice forgets it", () => {
    setCartCookie([line(12), line(13), line(14)]);
    catalog();
    const store = createCartStore();
    store.start();
    store.dropVariants([13, 14]);
    expect(store.getState()).toMatchObject({ lines: [line(12)], notice: true });
    expect(cookieLines()).toEqual([line(12)]);
    store.dismissNotice();
    expect(store.getState().notice).toBe(false);
  });

  test("subscribers hear every change", () => {
    catalog();
    const store = createCartStore();
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.getState().lines.length));
    store.start();
    store.add(line(12), ADDED);
    store.clear();
    expect(heard.at(-1)).toBe(0);
    expect(heard).toContain(1);
  });
});

describe("createCartStore, the shipping country", () => {
  test("a chosen country is kept in its own cookie (the cart cookie keeps its lines) and restored by the next store", () => {
    // given
    setCartCookie([line(12)]);
    const store = createCartStore();
    store.start();
    // when
    store.setCountry("de");
    // then
    expect(store.getState().country).toBe("de");
    expect(readCookie(CART_COUNTRY_COOKIE)).toBe("de");
    expect(cookieLines()).toEqual([line(12)]);
    const next = createCartStore();
    next.start();
    expect(next.getState().country).toBe("de");
    // and none chosen forgets it
    next.setCountry(null);
    expect(readCookie(CART_COUNTRY_COOKIE)).toBeNull();
  });

  test("a country the shop does not ship to (a stale or tampered cookie) is none", () => {
    setCartCountryCookie("us");
    const store = createCartStore();
    store.start();
    expect(store.getState().country).toBeNull();
  });
});
