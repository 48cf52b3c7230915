/**
 * Page-view tracking and link prefetch in a real browser.
 *
 * Tracking: the GTM id comes from the page's inline payload (SPLASH_GTM_ID on the server). The
 * test server runs without one, so these tests rewrite the served document's payload to carry
 * an id, and answer Google's gtm.js with a tiny stand-in (the internet is not reachable).
 */
import { expect, test, type Page } from "@playwright/test";
import { contentPage, menus, origin, waitForHydration } from "./support";

const GTM_SCRIPT = "https://www.googletagmanager.com/gtm.js**";

type DataLayerEntry = Record<string, unknown> | unknown[];

/** Serves every document with this GTM id in its inline payload; records gtm.js requests. */
async function serveWithGtmId(page: Page, id: string): Promise<string[]> {
  const scripts: string[] = [];
  await page.route(GTM_SCRIPT, async (route) => {
    scripts.push(route.request().url());
    await route.fulfill({ contentType: "text/javascript", body: "window.__gtmLoaded = true;" });
  });
  await page.route(
    (url) => url.origin === origin("nl") && !url.pathname.startsWith("/_payload/") && !url.pathname.startsWith("/assets/"),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      expect(html, "the served payload carries a gtmId").toContain('"gtmId":null');
      // With SPLASH_GTM_ID set, the server's CSP names Tag Manager's host: so does this stand-in.
      const headers = response.headers();
      const policy = headers["content-security-policy"] ?? "";
      expect(policy, "the page comes with its CSP").toContain("script-src 'self'");
      headers["content-security-policy"] = policy.replace("script-src 'self'", "script-src 'self' https://www.googletagmanager.com");
      await route.fulfill({ response, headers, body: html.replace('"gtmId":null', `"gtmId":${JSON.stringify(id)}`) });
    },
  );
  return scripts;
}

/** The page views pushed, by their event, route name and path (each also carries the location,
 * title and referrer GTM would otherwise read itself: lib/tracking's own tests hold those). */
const pageViews = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? [])
      .filter((entry): entry is Record<string, unknown> => !Array.isArray(entry) && entry.event === "page_view")
      .map(({ event, page_name, page_path }) => ({ event, page_name, page_path })),
  );

test("with a GTM id, GTM loads once and every route change pushes a page view by route name", async ({ page }) => {
  const scripts = await serveWithGtmId(page, "GTM-SPLASH1");
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  await expect.poll(() => pageViews(page)).toEqual([{ event: "page_view", page_name: "home", page_path: "/" }]);
  expect(scripts).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-SPLASH1"]);
  // The request is seen before the script has run: wait for it to run.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded)).toBe(true);

  // A client-side navigation to a content page reports the route's override name.
  const blog = contentPage("nl", "blog");
  const item = menus("nl").primary.find((entry) => entry.path === blog.path);
  if (!item) throw new Error("No Blog item in the nl primary menu");
  await page.locator("header.site-header nav.nav-primary").getByRole("link", { name: item.title, exact: true }).click();
  await expect(page.locator("main h1")).toHaveText(blog.h1);
  await expect
    .poll(() => pageViews(page))
    .toEqual([
      { event: "page_view", page_name: "home", page_path: "/" },
      { event: "page_view", page_name: "content-page", page_path: blog.path },
    ]);
  expect(scripts, "GTM is loaded once, not per navigation").toHaveLength(1);
});

test("an invalid GTM id stops tracking with a clear console error and loads nothing", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const scripts = await serveWithGtmId(page, "GTM-lower1");
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  await expect.poll(() => errors).toContain('Tracking set-up failed: "GTM-lower1" is not a valid GTM id (GTM-XXXX or G-XXXX)');
  expect(scripts).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
});

test("without a GTM id nothing loads and no page views are pushed", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("googletagmanager")) requests.push(request.url());
  });
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
});

/** The Dutch home page, hydrated; then the payloads requested from now on and the footer's FAQ link. */
async function homeWithFaqLink(page: Page) {
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  const payloads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/_payload/")) payloads.push(url.pathname);
  });
  const faq = contentPage("nl", "faq");
  return { payloads, faq, wanted: `/_payload${faq.path}.json`, link: page.locator(`footer a[href="${faq.path}"]`).first() };
}

test("hovering a link prefetches its payload, and the click then uses it: one request", async ({ page }) => {
  const { payloads, faq, wanted, link } = await homeWithFaqLink(page);
  await link.hover();
  await expect.poll(() => payloads).toContain(wanted);
  await link.click();
  await expect(page.locator("main h1")).toHaveText(faq.h1);
  expect(payloads.filter((path) => path === wanted)).toHaveLength(1);
});

for (const [label, connection] of [
  ["a 2g connection", { effectiveType: "2g", saveData: false }],
  ["data-saver", { effectiveType: "4g", saveData: true }],
] as const) {
  test(`on ${label} nothing is prefetched: the payload is fetched on the click`, async ({ page }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => value });
    }, connection);
    const { payloads, faq, wanted, link } = await homeWithFaqLink(page);
    await link.hover();
    await link.focus();
    await page.mouse.wheel(0, 4000);
    // Give a prefetch every chance to start: a round trip to the page and back.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
    expect(payloads).toEqual([]);
    await link.click();
    await expect(page.locator("main h1")).toHaveText(faq.h1);
    expect(payloads).toEqual([wanted]);
  });
}
