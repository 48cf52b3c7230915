import { describe, expect, test } from "vitest";
import { createMemoryRouter, createStaticRouter, type RouterLocation } from "./router";

/** A loader whose answers the test releases one by one. */
function manualLoader() {
  const calls: { location: RouterLocation; signal: AbortSignal; resolve: (data: unknown) => void; reject: (error: unknown) => void }[] = [];
  const loader = (location: RouterLocation, signal: AbortSignal) =>
    new Promise((resolve, reject) => {
      calls.push({ location, signal, resolve, reject });
    });
  return { calls, loader };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the router", () => {
  test("a navigation loads the next page's data first: the old page stays, 'loading', until it is in", async () => {
    const { calls, loader } = manualLoader();
    const router = createMemoryRouter({ initialEntries: ["/"], data: "home", loader });
    router.navigate("/shop?page=2#top");
    await flush();
    expect(router.state).toMatchObject({ location: { pathname: "/" }, data: "home", navigation: "loading" });
    expect(calls.map((call) => call.location.pathname + call.location.search)).toEqual(["/shop?page=2"]);
    calls[0]?.resolve("shop");
    await flush();
    expect(router.state).toMatchObject({ location: { pathname: "/shop", search: "?page=2", hash: "#top" }, data: "shop", navigation: "idle" });
  });

  test("a newer navigation aborts the older one, whose answer is then ignored", async () => {
    const { calls, loader } = manualLoader();
    const router = createMemoryRouter({ initialEntries: ["/"], data: "home", loader });
    router.navigate("/a");
    router.navigate("/b");
    await flush();
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[1]?.resolve("b");
    calls[0]?.resolve("a");
    await flush();
    expect(router.state).toMatchObject({ location: { pathname: "/b" }, data: "b" });
  });

  test("only the hash changes: no load; a failed load shows the error", async () => {
    const { calls, loader } = manualLoader();
    const router = createMemoryRouter({ initialEntries: ["/course"], data: "course", loader });
    router.navigate("#level-2");
    expect(calls).toHaveLength(0);
    expect(router.state.location).toMatchObject({ pathname: "/course", hash: "#level-2" });
    router.navigate("/broken");
    await flush();
    calls[0]?.reject(new Error("HTTP 500"));
    await flush();
    expect(router.state).toMatchObject({ location: { pathname: "/broken" }, navigation: "idle" });
    expect(String(router.state.error)).toBe("Error: HTTP 500");
  });

  test("back goes to the previous entry (loading it again); links resolve against the current location", async () => {
    const { calls, loader } = manualLoader();
    const router = createMemoryRouter({ initialEntries: ["/", "/shop/suit"], data: "suit", loader });
    expect(router.href("../cart")).toBe("/cart");
    expect(router.href("?colour=pink")).toBe("/shop/suit?colour=pink");
    expect(router.href("https://example.org/x")).toBe("https://example.org/x");
    router.navigate(-1);
    await flush();
    calls[0]?.resolve("home");
    await flush();
    expect(router.state).toMatchObject({ location: { pathname: "/" }, data: "home" });
  });

  test("the server's router holds one location and its data", () => {
    const router = createStaticRouter("/blog/first?x=1", { page: 1 });
    expect(router.state).toMatchObject({ location: { pathname: "/blog/first", search: "?x=1" }, data: { page: 1 }, navigation: "idle", error: null });
  });
});
