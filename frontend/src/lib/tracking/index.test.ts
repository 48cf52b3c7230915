import { afterEach, describe, expect, test, vi } from "vitest";
import { checkTrackingId, startTracking, TrackingError, updateConsent } from "./index";

type W = Window & { dataLayer?: unknown[] };
const win = window as W;

afterEach(() => {
  document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((script) => script.remove());
  delete win.dataLayer;
  vi.restoreAllMocks();
});

const gtmScripts = () => document.head.querySelectorAll('script[src*="googletagmanager"]');

describe("tracking ids", () => {
  test.each(["GTM-ABC123", "G-XYZ9", "GTM-K"])("%s is valid", (id) => {
    expect(checkTrackingId(id)).toBe(id);
  });

  test.each(["", "  ", "gtm-abc", "UA-12345-1", "GTM-abc", "GTM-", "G-AB CD", "XGTM-ABC"])("%j is refused", (id) => {
    expect(() => checkTrackingId(id)).toThrow(TrackingError);
  });
});

describe("startTracking", () => {
  test("without an id nothing loads", () => {
    expect(startTracking(null)).toBeNull();
    expect(startTracking("")).toBeNull();
    expect(gtmScripts()).toHaveLength(0);
  });

  test("an invalid id logs a clear error and loads nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(startTracking("UA-1234")).toBeNull();
    expect(error).toHaveBeenCalledWith('Tracking set-up failed: "UA-1234" is not a valid GTM id (GTM-XXXX or G-XXXX)');
    expect(gtmScripts()).toHaveLength(0);
    expect(win.dataLayer).toBeUndefined();
  });

  test("a valid id loads GTM once with analytics denied until consent", () => {
    startTracking("GTM-SPLASH1");
    const scripts = gtmScripts();
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-SPLASH1");
    expect(Array.from(win.dataLayer?.[0] as unknown[])).toEqual([
      "consent",
      "default",
      { analytics_storage: "denied", ad_storage: "denied", wait_for_update: 500 },
    ]);
  });

  test("page views use the route name, its override, and skip listed routes", () => {
    const tracker = startTracking("G-ABC", { overrides: { page: "content-page" }, skip: ["reset"] });
    tracker?.pageView("home", "/");
    tracker?.pageView("page", "/contact");
    tracker?.pageView("reset", "/reset");
    const views = (win.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === "page_view");
    expect(views).toEqual([
      { event: "page_view", page_name: "home", page_path: "/" },
      { event: "page_view", page_name: "content-page", page_path: "/contact" },
    ]);
  });

  test("consent updates grant or deny analytics and ads", () => {
    updateConsent({ statistics: true, marketing: false });
    expect(Array.from(win.dataLayer?.at(-1) as unknown[])).toEqual([
      "consent",
      "update",
      { analytics_storage: "granted", ad_storage: "denied" },
    ]);
  });
});
