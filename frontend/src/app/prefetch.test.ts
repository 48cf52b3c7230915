import { afterEach, describe, expect, test, vi } from "vitest";
import { prefetchAllowed, prefetchPayload, takePayload } from "./prefetch";

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
    prefetchPayload("/contact", 1000);
    const payload = await takePayload("/contact", undefined, 2000);
    expect(payload).toEqual({ status: 200 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe("/_payload/contact.json");
  });

  test("a stale prefetch (over 30 s) is not used", async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(new Response("{}", { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    prefetchPayload("/faq", 0);
    await takePayload("/faq", undefined, 31_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
