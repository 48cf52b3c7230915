import { expect, test, type Page } from "@playwright/test";
import { origin, routePath, waitForHydration } from "./support";

/**
 * Build updates (spec §1): the SPA polls /builds/latest.json (hourly by default); once the id
 * differs from its own, the next navigation is a full page load. Playwright's clock fast-forwards
 * the poll; a marker on window tells a client-side navigation (kept) from a full load (gone).
 */
async function openHomeWithMarker(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { __e2eSamePage: true }));
}

const marker = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2eSamePage?: boolean }).__e2eSamePage ?? false);

async function clickLogin(page: Page): Promise<void> {
  await page.locator(`header a[href="${routePath("login", "nl")}"]`).click();
  await expect(page).toHaveURL(`${origin("nl")}${routePath("login", "nl")}`);
  await expect(page.locator("h1")).toBeVisible();
}

test("without a new build, navigation stays inside the app", async ({ page }) => {
  const polls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/builds/latest.json")) polls.push(request.url());
  });
  await openHomeWithMarker(page);
  await page.clock.runFor(3_600_000 + 1_000);
  await expect.poll(() => polls.length).toBeGreaterThan(0);
  expect(polls[0]).toMatch(/\/builds\/latest\.json\?t=\d+$/);
  await clickLogin(page);
  expect(await marker(page)).toBe(true);
});

test("after a new deployment, the next navigation is a full page load", async ({ page }) => {
  let polled = false;
  await page.route("**/builds/latest.json*", async (route) => {
    polled = true;
    await route.fulfill({ json: { id: "a-newer-build", builtAt: new Date().toISOString() } });
  });
  await openHomeWithMarker(page);
  await page.clock.runFor(3_600_000 + 1_000);
  await expect.poll(() => polled).toBe(true);
  await clickLogin(page);
  expect(await marker(page)).toBe(false);
});
