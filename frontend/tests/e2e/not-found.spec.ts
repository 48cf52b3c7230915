/** The 404 screen: status, image, title and home button in the domain's language, server- and client-side. */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { homePage, message, origin, waitForHydration, type Locale } from "./support";

const MISSING = "/deze-pagina-bestaat-niet";

async function expectNotFoundScreen(page: Page, locale: Locale): Promise<void> {
  const main = page.locator("main");
  const image = main.locator("img");
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await expect(main.locator("h1")).toHaveText(message(locale, "general.404.title"));
  const home = main.getByRole("link", { name: message(locale, "general.404.btn"), exact: true });
  await expect(home).toHaveAttribute("href", "/");
}

test.describe("404 page", () => {
  test("answers 404 with the Dutch 404 screen on localhost, and its button leads home", async ({ page }) => {
    const response = await page.goto(`${origin("nl")}${MISSING}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expectNotFoundScreen(page, "nl");
    await expect(page).toHaveTitle(new RegExp(`^${message("nl", "general.404.title").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));

    await page.locator("main").getByRole("link", { name: message("nl", "general.404.btn"), exact: true }).click();
    await expect(page).toHaveURL(`${origin("nl")}/`);
    await expect(page.locator("main h1")).toHaveText(homePage("nl").h1);
  });

  test("shows the English 404 screen on en.localhost", async ({ page }) => {
    const response = await page.goto(`${origin("en")}${MISSING}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectNotFoundScreen(page, "en");
  });

  test("shows the 404 screen after client-side navigation to a missing page", async ({ page }) => {
    await page.goto(`${origin("nl")}/`);
    await waitForHydration(page);
    // A marker on window proves the navigation stays in the SPA (a full page load would drop it).
    await page.evaluate(() => Object.assign(window, { __e2eSamePage: true }));
    const payload = page.waitForResponse((response) => response.url().endsWith(`/_payload${MISSING}.json`));
    await page.evaluate((path) => {
      window.history.pushState({}, "", path);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, MISSING);
    expect((await payload).status()).toBe(404);
    await expect(page).toHaveURL(`${origin("nl")}${MISSING}`);
    await expectNotFoundScreen(page, "nl");
    expect(await page.evaluate(() => (window as unknown as { __e2eSamePage?: boolean }).__e2eSamePage)).toBe(true);
  });

  test("loads the 404 image", async ({ page }) => {
    await page.goto(`${origin("nl")}${MISSING}`);
    const image = page.locator("main img");
    const src = await image.getAttribute("src");
    const response = await page.request.get(new URL(src ?? "", page.url()).href);
    expect(response.status(), `GET ${src}`).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto(`${origin("nl")}${MISSING}`);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolations(page, "404 (nl)");
  });
});
