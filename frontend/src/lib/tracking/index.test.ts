import { afterEach, describe, expect, test, vi } from "vitest";
import { checkTrackingId, startTracking, TrackingError, updateConsent, type PageView } from "./index";

type W = Window & { dataLayer?: unknown[] };
type PageFields = { page_name?: string; page_location: string; page_path: string; page_referrer: string; page_title: string };
const win = window as W;

afterEach(() => {
  document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((script) => script.remove());
  delete win.dataLayer;
  vi.restoreAllMocks();
});

const gtmScripts = () => document.head.querySelectorAll('script[src*="googletagmanager"]');
const at = (routeName: string, pathname: string, search = ""): PageView => ({ routeName, location: { pathname, search } });
const HOME = at("home", "/");

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
    expect(startTracking(null, HOME)).toBeNull();
    expect(startTracking("", HOME)).toBeNull();
    expect(gtmScripts()).toHaveLength(0);
  });

  test("an invalid id logs a clear error and loads nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(startTracking("UA-1234", HOME)).toBeNull();
    expect(error).toHaveBeenCalledWith('Tracking set-up failed: "UA-1234" is not a valid GTM id (GTM-XXXX or G-XXXX)');
    expect(gtmScripts()).toHaveLength(0);
    expect(win.dataLayer).toBeUndefined();
  });

  test("a valid id loads GTM once with analytics denied until consent", () => {
    startTracking("GTM-SPLASH1", HOME);
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
    const tracker = startTracking("G-ABC", HOME, { overrides: { page: "content-page" }, skip: ["reset"] });
    tracker?.pageView("home", { pathname: "/", search: "" });
    tracker?.pageView("page", { pathname: "/contact", search: "" });
    tracker?.pageView("reset", { pathname: "/reset", search: "" });
    const views = (win.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === "page_view");
    expect(views.map((view) => [(view as PageFields).page_name, (view as PageFields).page_path])).toEqual([
      ["home", "/"],
      ["content-page", "/contact"],
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

/** Order, order-payment, reset and e-mail confirmation URLs hold the only key to an order (its
 * slug) or a one-time secret: tracking hears their route name and nothing of their path or query. */
describe("private routes are reported by route name only", () => {
  const SLUG = "q7VxSecretOrderSlug3kP9wZ2mR5tY8nB4cD6fG1hJ0";
  const PRIVATE = { skip: ["reset"], private: ["order", "order-payment", "reset", "email-confirmed"] };
  const origin = window.location.origin;
  const pushed = () => JSON.stringify(win.dataLayer ?? []); // commands as {"0": …}: every value in it
  const isArguments = (entry: unknown) => Object.prototype.toString.call(entry) === "[object Arguments]";
  const sets = () => (win.dataLayer ?? []).filter(isArguments).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((args) => args[0] === "set");
  const views = () => (win.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === "page_view") as PageFields[];

  afterEach(() => {
    Reflect.deleteProperty(document, "referrer");
    document.title = "";
  });

  test("a first load of an order page sets a scrubbed location before GTM's first event, and reports the route name", () => {
    document.title = `Order ${SLUG} | Splash`;
    Object.defineProperty(document, "referrer", { value: `${origin}/order/${SLUG}?again=1`, configurable: true });
    const first = at("order", `/order/${SLUG}`, `?utm_source=mail&slug=${SLUG}`);
    const tracker = startTracking("GTM-SPLASH1", first, PRIVATE);
    tracker?.pageView(first.routeName, first.location);

    const scrubbed = { page_location: `${origin}/order`, page_path: "/order", page_referrer: origin, page_title: "order" };
    const gtmStart = (win.dataLayer ?? []).findIndex((entry) => (entry as { event?: string }).event === "gtm.js");
    const firstSet = (win.dataLayer ?? []).findIndex((entry) => isArguments(entry) && (entry as ArrayLike<unknown>)[0] === "set");
    expect(firstSet).toBeGreaterThan(-1);
    expect(firstSet).toBeLessThan(gtmStart); // GTM reads document.location itself: the override comes first
    expect(sets()[0]).toEqual(["set", scrubbed]);
    expect(views()).toEqual([{ event: "page_view", page_name: "order", ...scrubbed }]);
    expect(pushed()).not.toContain(SLUG);
  });

  test.each([
    ["order-payment", "/order-payment", `?order=${SLUG}`],
    ["email-confirmed", "/email-confirmed", `?status=confirmed&token=${SLUG}`],
    ["reset", "/reset", `?code=${SLUG}`],
  ])("%s: neither its query nor its path reaches the data layer", (routeName, pathname, search) => {
    const page = at(routeName, pathname, search);
    const tracker = startTracking("GTM-SPLASH1", page, PRIVATE);
    tracker?.pageView(routeName, page.location);
    expect(pushed()).not.toContain(SLUG);
    expect(sets().at(-1)?.[1]).toEqual({ page_location: `${origin}/${routeName}`, page_path: `/${routeName}`, page_referrer: "", page_title: routeName });
    expect(views().map((view) => view.page_name)).toEqual(routeName === "reset" ? [] : [routeName]);
  });

  test("moving on from an order page reports the public page's real path with the scrubbed order page as referrer", () => {
    document.title = "Contact | Splash";
    const tracker = startTracking("GTM-SPLASH1", HOME, PRIVATE);
    tracker?.pageView("home", { pathname: "/", search: "" });
    tracker?.pageView("order", { pathname: `/order/${SLUG}`, search: "" });
    tracker?.pageView("page", { pathname: "/contact", search: "?utm_source=mail" });
    expect(views().map(({ page_name, page_path, page_referrer }) => [page_name, page_path, page_referrer])).toEqual([
      ["home", "/", ""],
      ["order", "/order", `${origin}/`],
      ["page", "/contact", `${origin}/order`],
    ]);
    expect(views().at(-1)).toMatchObject({ page_location: `${origin}/contact?utm_source=mail`, page_title: "Contact | Splash" });
    expect(pushed()).not.toContain(SLUG);
  });
});
