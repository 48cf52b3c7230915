import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { checkForUpdate, isChunkLoadError, isNewerSite, isOutdated, reloadGuarded, resetUpdateState } from "./build-update";

function latest(body: unknown, status = 200): typeof fetch {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))) as unknown as typeof fetch;
}

/** A fresh in-memory Storage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => resetUpdateState());
afterEach(() => resetUpdateState());

describe("checkForUpdate", () => {
  test("the same build id is not outdated", async () => {
    // given
    const fetchImpl = latest({ id: "test-build" });
    // when
    const result = await checkForUpdate(fetchImpl, 1000);
    // then
    expect(result).toBe(false);
    expect(isOutdated()).toBe(false);
  });

  test("a page rendered by an older site build is outdated once a publish made a new one", async () => {
    document.head.insertAdjacentHTML("beforeend", '<meta name="splash-site-build" content="20261129120000-aaaaaa">');
    try {
      expect(await checkForUpdate(latest({ id: "test-build", site: "20261129120000-aaaaaa" }), 1000)).toBe(false);
      expect(await checkForUpdate(latest({ id: "test-build", site: "20261129130000-bbbbbb" }), 2000)).toBe(true);
      expect(isOutdated()).toBe(true);
    } finally {
      document.head.querySelector('meta[name="splash-site-build"]')?.remove();
    }
  });

  test("an instance that has not switched yet answers an older site build: no reload for it", async () => {
    document.head.insertAdjacentHTML("beforeend", '<meta name="splash-site-build" content="20261129130000-bbbbbb">');
    try {
      expect(await checkForUpdate(latest({ id: "test-build", site: "20261129120000-aaaaaa" }), 1000)).toBe(false);
      expect(isNewerSite("20261129130000-cccccc", "20261129130000-bbbbbb")).toBe(true); // the same second
      expect(isNewerSite("20261129130000-bbbbbb", "20261129130000-bbbbbb")).toBe(false);
    } finally {
      document.head.querySelector('meta[name="splash-site-build"]')?.remove();
    }
  });

  test("a page without a site build (the studio, a preview) ignores the site's", async () => {
    expect(await checkForUpdate(latest({ id: "test-build", site: "20261129130000-bbbbbb" }), 1000)).toBe(false);
  });

  test("a different build id is outdated", async () => {
    const result = await checkForUpdate(latest({ id: "next-build" }), 1000);
    expect(result).toBe(true);
    expect(isOutdated()).toBe(true);
  });

  test("once outdated it stays outdated, even when a later poll returns this build's id", async () => {
    await checkForUpdate(latest({ id: "next-build" }), 1000);
    const result = await checkForUpdate(latest({ id: "test-build" }), 2000);
    expect(result).toBe(true);
    expect(isOutdated()).toBe(true);
  });

  test("a rejecting fetch leaves the state unchanged (not outdated)", async () => {
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch;
    expect(await checkForUpdate(fetchImpl, 1000)).toBe(false);
    expect(isOutdated()).toBe(false);
  });

  test("a rejecting fetch leaves the state unchanged (outdated)", async () => {
    await checkForUpdate(latest({ id: "next-build" }), 1000);
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch;
    expect(await checkForUpdate(fetchImpl, 2000)).toBe(true);
  });

  test("a non-OK response leaves the state unchanged, even with a different id in the body", async () => {
    expect(await checkForUpdate(latest({ id: "next-build" }, 503), 1000)).toBe(false);
    expect(isOutdated()).toBe(false);
  });

  test("a body that is not JSON leaves the state unchanged", async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response("<html>", { status: 200 }))) as unknown as typeof fetch;
    expect(await checkForUpdate(fetchImpl, 1000)).toBe(false);
  });

  test("a body without a string id leaves the state unchanged", async () => {
    expect(await checkForUpdate(latest({ id: 42 }), 1000)).toBe(false);
    expect(await checkForUpdate(latest({}), 1000)).toBe(false);
  });

  test("fetches builds/latest.json once with a t= timestamp and no-store cache", async () => {
    const fetchImpl = latest({ id: "test-build" });
    await checkForUpdate(fetchImpl, 1717171717171);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith("/builds/latest.json?t=1717171717171", { cache: "no-store" });
  });
});

describe("isChunkLoadError", () => {
  test.each([
    ["Chrome", "Failed to fetch dynamically imported module: https://splash.test/assets/page-abc123.js"],
    ["Safari", "Importing a module script failed."],
    ["Firefox", "error loading dynamically imported module: https://splash.test/assets/page-abc123.js"],
    ["Vite CSS preload", "Unable to preload CSS for /assets/page-abc123.css"],
  ])("recognises the %s message", (_browser, message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  test("recognises a plain string message too", () => {
    expect(isChunkLoadError("Importing a module script failed.")).toBe(true);
  });

  test.each([
    new Error("Cannot read properties of undefined (reading 'title')"),
    new TypeError("Failed to fetch"),
    new Error("HTTP 500"),
    null,
    undefined,
    { status: 404 },
  ])("is false for other errors: %s", (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe("reloadGuarded", () => {
  const START = 1_700_000_000_000;

  test("reloads the first time", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadGuarded(storage, reload, START)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test("refuses a second reload within 10 seconds", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadGuarded(storage, reload, START);
    expect(reloadGuarded(storage, reload, START + 9_999)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test("reloads again once 10 seconds have passed", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadGuarded(storage, reload, START);
    expect(reloadGuarded(storage, reload, START + 10_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test("a refused attempt does not extend the guard window", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadGuarded(storage, reload, START);
    reloadGuarded(storage, reload, START + 5_000);
    expect(reloadGuarded(storage, reload, START + 10_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test("the guard survives in the given storage (sessionStorage survives the reload)", () => {
    window.sessionStorage.clear();
    const first = vi.fn();
    const afterReload = vi.fn();
    reloadGuarded(window.sessionStorage, first, START);
    expect(reloadGuarded(window.sessionStorage, afterReload, START + 3_000)).toBe(false);
    expect(afterReload).not.toHaveBeenCalled();
    window.sessionStorage.clear();
  });
});
