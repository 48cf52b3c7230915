/**
 * With Google sign-in not configured (the embedded default; a second test server on the port after the Google stub),
 * the login and register pages offer no "Continue with Google" and nothing they load fails — the
 * prefetcher never takes the API's /connect/google link for a page.
 */
import { expect, test } from "@playwright/test";
import { message, PORT, routePath, waitForHydration } from "./support";

const SITE = `http://localhost:${PORT + 2}`;

for (const screen of ["login", "register"] as const) {
  test(`the ${screen} page without Google sign-in has no Google button and no failed request`, async ({ page }) => {
    const failed: string[] = [];
    page.on("requestfailed", (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
    });
    await page.goto(`${SITE}${routePath(screen, "nl")}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Hover and focus every link, as a visitor would: intent prefetching runs for each.
    for (const link of await page.locator("main a[href]").all()) await link.hover();
    await expect(page.getByRole("link", { name: message("nl", "auth.google.continue") })).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(failed).toEqual([]);
  });
}

test("with Google sign-in on, intent on its button prefetches no page payload", async ({ page }) => {
  const payloads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/_payload/")) payloads.push(new URL(request.url()).pathname);
  });
  await page.goto(`http://localhost:${PORT}${routePath("login", "nl")}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: message("nl", "auth.google.continue") }).hover();
  await page.getByRole("link", { name: message("nl", "auth.login.register") }).hover();
  await expect.poll(() => payloads).toContain(`/_payload${routePath("register", "nl")}.json`);
  expect(payloads.filter((path) => path.startsWith("/_payload/api"))).toEqual([]);
});
