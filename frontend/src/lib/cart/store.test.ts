import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../api";
import { failure, fakeApi, ok, type ApiCall, type Reply } from "../auth/test-utils";
import { readCookie } from "../cookies";
import { CART_COOKIE, createCartStore } from "./store";
import { resetCartTestState, setCartCookie, variantFixture } from "./test-utils";
import type { CartLine } from "./types";

const line = (variantId: number, quantity = 1, options: CartLine["options"] = []): CartLine => ({ variantId, quantity, options });
const NAME = { key: "name", value: "Noor" };

/** A fake catalog: GET /product-variants/{id} answers the fixture for known ids, else a 404. */
function catalog(known: number[] = [12, 13, 14], override: (id: number) => Reply | Promise<Reply> | null = () => null) {
  const routes: Record<string, (call: ApiCall) => Reply | Promise<Reply>> = {};
  for (const id of [...known, 404, 500, 999999]) {
    routes[`GET /product-variants/${id}`] = () => override(id) ?? (known.includes(id) ? ok({ data: variantFixture({ id }) }) : failure(404, {}, "NotFoundError"));
  }
  return fakeApi(routes);
}

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
    const store = createCartStore(api);
    expect(store.getState()).toEqual({ status: "unknown", lines: [], variants: {}, notice: false, feedback: [] });
    expect(server.calls).toEqual([]);
  });

  test("start without a cookie: ready and empty, no request, no notice", async () => {
    const server = catalog();
    const store = createCartStore(api);
    await store.start();
    expect(store.getState()).toMatchObject({ status: "ready", lines: [], notice: false });
    expect(server.calls).toEqual([]);
  });

  test("start restores the cookie's lines and loads each variant once, with its image and product", async () => {
    // given: two lines of variant 12 (other options) and one of 13
    setCartCookie([line(12, 2), line(12, 1, [NAME]), line(13)]);
    const server = catalog();
    const store = createCartStore(api);
    // when
    await store.start();
    // then
    expect(store.getState().lines).toEqual([line(12, 2), line(12, 1, [NAME]), line(13)]);
    expect(server.calls.map((call) => call.path)).toEqual(["/product-variants/12", "/product-variants/13"]);
    expect(Object.fromEntries(server.calls[0]?.query ?? [])).toEqual({
      "populate[introImage]": "true",
      "populate[product][populate][introImage]": "true",
    });
    expect(store.getState().variants[12]).toEqual({ status: "loaded", variant: variantFixture({ id: 12 }) });
    expect(store.getState().notice).toBe(false);
  });

  test("start runs once", async () => {
    setCartCookie([line(12)]);
    const server = catalog();
    const store = createCartStore(api);
    await Promise.all([store.start(), store.start()]);
    await store.start();
    expect(server.calls).toHaveLength(1);
  });

  test("a malformed cookie gives an empty cart with the notice, and the cookie is cleared", async () => {
    setCartCookie("[{not json");
    catalog();
    const store = createCartStore(api);
    await store.start();
    expect(store.getState()).toMatchObject({ status: "ready", lines: [], notice: true });
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("a tampered cookie keeps its good lines, is rewritten with only those, and sets the notice", async () => {
    setCartCookie([line(12, 2), { variantId: "13", quantity: 1 }, { variantId: 14, quantity: -4 }, line(12, 3), line(13, 1)]);
    catalog();
    const store = createCartStore(api);
    await store.start();
    expect(store.getState().lines).toEqual([line(12, 2), line(13)]);
    expect(cookieLines()).toEqual([line(12, 2), line(13)]);
    expect(store.getState().notice).toBe(true);
  });

  test("a line whose variant no longer exists (404) is dropped, the cookie rewritten, with the notice", async () => {
    // given
    setCartCookie([line(12, 2), line(404, 1), line(404, 3, [NAME]), line(13)]);
    catalog([12, 13]);
    const store = createCartStore(api);
    // when
    await store.start();
    // then
    expect(store.getState().lines).toEqual([line(12, 2), line(13)]);
    expect(cookieLines()).toEqual([line(12, 2), line(13)]);
    expect(store.getState().notice).toBe(true);
    expect(store.getState().variants[404]).toBeUndefined();
  });

  test("a variant that fails to load for another reason keeps its line, marked failed; adding it again retries", async () => {
    // given
    setCartCookie([line(500)]);
    let fail = true;
    const server = catalog([500], (id) => (id === 500 && fail ? failure(500, {}, "InternalServerError") : null));
    const store = createCartStore(api);
    await store.start();
    expect(store.getState()).toMatchObject({ lines: [line(500)], notice: false, variants: { 500: { status: "failed" } } });
    // when
    fail = false;
    await store.add(line(500));
    // then
    expect(server.callsTo("GET /product-variants/500")).toHaveLength(2);
    expect(store.getState().variants[500]?.status).toBe("loaded");
    expect(store.getState().lines).toEqual([line(500, 2)]);
  });
});

describe("createCartStore, changes", () => {
  test("adding writes the cookie (30 days, path /, SameSite=Lax) with only variantId, quantity and options", async () => {
    catalog();
    const set = vi.spyOn(document, "cookie", "set");
    const store = createCartStore(api);
    await store.add(line(12, 2, [NAME]));
    const value = encodeURIComponent('[{"variantId":12,"quantity":2,"options":[{"key":"name","value":"Noor"}]}]');
    expect(set).toHaveBeenLastCalledWith(`cart=${value}; Max-Age=2592000; Path=/; SameSite=Lax`);
  });

  test("adding an identical line raises its quantity; other options make a new line; each add writes the cookie", async () => {
    // given
    catalog();
    const store = createCartStore(api);
    await store.start();
    // when / then
    await expect(store.add(line(12))).resolves.toBe("added");
    expect(cookieLines()).toEqual([line(12)]);
    await expect(store.add(line(12, 2))).resolves.toBe("merged");
    expect(cookieLines()).toEqual([line(12, 3)]);
    await expect(store.add(line(12, 1, [NAME]))).resolves.toBe("added");
    expect(cookieLines()).toEqual([line(12, 3), line(12, 1, [NAME])]);
    expect(store.getState().lines).toEqual([line(12, 3), line(12, 1, [NAME])]);
  });

  test("variants are loaded once per variant, however often they are added", async () => {
    const server = catalog();
    const store = createCartStore(api);
    await Promise.all([store.add(line(12)), store.add(line(12, 1, [NAME])), store.add(line(13))]);
    await store.add(line(12));
    expect(server.calls.map((call) => call.path)).toEqual(["/product-variants/12", "/product-variants/13"]);
    expect(store.getState().variants[13]).toEqual({ status: "loaded", variant: variantFixture({ id: 13 }) });
  });

  test("each add queues a feedback card; dismissing one leaves the others in order", async () => {
    catalog();
    const store = createCartStore(api);
    await store.add(line(12));
    await store.add(line(13, 2));
    const [first, second] = store.getState().feedback;
    expect([first?.line, second?.line]).toEqual([line(12), line(13, 2)]);
    store.dismissFeedback(first?.id ?? 0);
    expect(store.getState().feedback).toEqual([second]);
  });

  test("adding before start restores the cookie first: its lines are kept", async () => {
    setCartCookie([line(13, 4)]);
    const server = catalog();
    const store = createCartStore(api);
    await store.add(line(12));
    expect(store.getState().lines).toEqual([line(13, 4), line(12)]);
    expect(cookieLines()).toEqual([line(13, 4), line(12)]);
    await store.start();
    expect(store.getState().lines).toEqual([line(13, 4), line(12)]);
    expect(server.calls).toHaveLength(2);
  });

  test("a variant that no longer exists is dropped again right after adding it, with the notice", async () => {
    catalog([12]);
    const store = createCartStore(api);
    await store.add(line(12));
    await store.add(line(999999));
    expect(store.getState().lines).toEqual([line(12)]);
    expect(cookieLines()).toEqual([line(12)]);
    expect(store.getState().notice).toBe(true);
    expect(store.getState().feedback.map((card) => card.line.variantId)).toEqual([12]);
  });

  test("a full cart (50 lines) takes no new line: no feedback, no cookie change", async () => {
    setCartCookie(Array.from({ length: 50 }, (_, index) => line(index + 1)));
    fakeApi({});
    const store = createCartStore(api);
    const set = vi.spyOn(document, "cookie", "set");
    await expect(store.add(line(777))).resolves.toBe("full");
    expect(store.getState().lines).toHaveLength(50);
    expect(store.getState().feedback).toEqual([]);
    expect(set).not.toHaveBeenCalled();
  });

  test("removing deletes the line of that variant with those options and writes the cookie", async () => {
    setCartCookie([line(12, 2), line(12, 1, [NAME]), line(13)]);
    catalog();
    const store = createCartStore(api);
    await store.start();
    store.remove({ variantId: 12, options: [NAME] });
    expect(store.getState().lines).toEqual([line(12, 2), line(13)]);
    expect(cookieLines()).toEqual([line(12, 2), line(13)]);
  });

  test("removing the last line clears the cookie", async () => {
    setCartCookie([line(12)]);
    catalog();
    const store = createCartStore(api);
    await store.start();
    store.remove({ variantId: 12, options: [] });
    expect(store.getState().lines).toEqual([]);
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("setting a quantity keeps it within 1–99 and writes the cookie", async () => {
    setCartCookie([line(12, 2)]);
    catalog();
    const store = createCartStore(api);
    await store.start();
    store.setQuantity({ variantId: 12, options: [] }, 5);
    expect(cookieLines()).toEqual([line(12, 5)]);
    store.setQuantity({ variantId: 12, options: [] }, 150);
    expect(cookieLines()).toEqual([line(12, 99)]);
    store.setQuantity({ variantId: 12, options: [] }, 0);
    expect(store.getState().lines).toEqual([line(12, 1)]);
  });

  test("clearing empties the cart and the cookie", async () => {
    setCartCookie([line(12, 2), line(13)]);
    catalog();
    const store = createCartStore(api);
    await store.start();
    store.clear();
    expect(store.getState().lines).toEqual([]);
    expect(readCookie(CART_COOKIE)).toBeNull();
  });

  test("variants the quote dropped lose their lines, with the notice; dismissing the notice forgets it", async () => {
    setCartCookie([line(12), line(13), line(14)]);
    catalog();
    const store = createCartStore(api);
    await store.start();
    store.dropVariants([13, 14]);
    expect(store.getState()).toMatchObject({ lines: [line(12)], notice: true });
    expect(cookieLines()).toEqual([line(12)]);
    store.dismissNotice();
    expect(store.getState().notice).toBe(false);
  });

  test("subscribers hear every change", async () => {
    catalog();
    const store = createCartStore(api);
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.getState().lines.length));
    await store.start();
    await store.add(line(12));
    store.clear();
    expect(heard.at(-1)).toBe(0);
    expect(heard).toContain(1);
  });
});
