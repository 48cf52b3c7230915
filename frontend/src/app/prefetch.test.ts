import { afterEach, describe, expect, test, vi } from "vitest";
import { isApiPath, prefetchAllowed, prefetchPayload, startPrefetching, takePayload } from "./prefetch";

afterEach(() => vi.unstubAllGlobals());

describe("prefetchAllowed", () => {
  test.each([
    [undefined, true],
    [{ effectiveType: "4g" }, true],
    [{ effectiveType: "3g" }, true],
    [{ effectiveType: "2g" }, false],
    [{ effectiveType: "slow-2g" }, false],
    [{ effectiveType: "4g", saveData: true }, false],
  ])("connection %j → %s", (connection, allowed) => {
    expect(prefetchAllowed(connection)).toBe(allowed);
  });
});

describe("prefetched payloads", () => {
  test("a prefetched payload serves the next navigation without a second request", async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ status: 200 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    prefetchPayload("/contact", undefined, 1000);
    const payload = await takePayload("/contact", undefined, 2000);
    expect(payload).toEqual({ status: 200 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe("/_payload/contact.json");
  });

  test("a stale prefetch (over 30 s) is not used", async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(new Response("{}", { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    prefetchPayload("/faq", undefined, 0);
    await takePayload("/faq", undefined, 31_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("API links are never taken for pages", () => {
  test.each([
    ["/api", true],
    ["/api/connect/google", true],
    ["/apiary", false],
    ["/contact", false],
  ])("%s → %s", (path, api) => {
    expect(isApiPath(path)).toBe(api);
  });

  test("intent on the Google sign-in link prefetches nothing; on a page link, its payload", () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(new Response("{}", { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    document.body.innerHTML = '<main><a href="/api/connect/google">Google</a><a href="/over-ons">Over ons</a></main>';
    const stop = startPrefetching(document);
    for (const link of document.querySelectorAll("a")) link.dispatchEvent(new Event("pointerover", { bubbles: true }));
    stop();
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(["/_payload/over-ons.json"]);
  });
});

describe("the code of a prefetched screen", () => {
  test("is asked for with its payload on intent, and not when the payload fails", async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(url.includes("kapot") ? new Response("{}", { status: 500 }) : new Response(JSON.stringify({ status: 200, route: { name: "faq" } }), { status: 200 })),
    );
    vi.stubGlobal("fetch", fetch);
    const preload = vi.fn(() => Promise.resolve());
    document.body.innerHTML = '<main><a href="/veelgestelde-vragen">FAQ</a><a href="/kapot">Kapot</a></main>';
    const stop = startPrefetching(document, preload);
    for (const link of document.querySelectorAll("a")) link.dispatchEvent(new Event("pointerover", { bubbles: true }));
    stop();
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    expect(preload).toHaveBeenCalledWith({ status: 200, route: { name: "faq" } });
    await takePayload("/kapot").catch(() => undefined);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  test("is not asked for a link merely in view; intent on it later asks, without a second request", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ status: 200 }), { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    const preload = vi.fn(() => Promise.resolve());
    prefetchPayload("/in-beeld", undefined, 1000);
    await Promise.resolve();
    expect(preload).not.toHaveBeenCalled();
    prefetchPayload("/in-beeld", preload, 2000);
    await vi.waitFor(() => expect(preload).toHaveBeenCalledWith({ status: 200 }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
