/**
 * The footer's language switcher: one link per locale domain, the current one marked. A visitor
 * with nothing to carry follows the plain link; one with a cart or a sign-in goes through the
 * language hand-off, which keeps the cart, the checkout's step and the sign-in on the other domain.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { LOCALES, contentPage, homePage, message, origin, product, resetRateLimits, waitForHydrated, waitForHydration, type Locale } from "./support";

const HANDOFF_API = "/api/language-handoffs";

/** Every request the page makes to the hand-off's endpoints, from now on. */
function handOffRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(HANDOFF_API)) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

test.describe("language switcher", () => {
  test("lists the six locales with the current one marked", async ({ page }) => {
    await page.goto(`${origin("nl")}/`);
    const switcher = page.locator("footer nav.language-switcher");
    await expect(switcher).toHaveAttribute("aria-label", message("nl", "footer.language"));
    const links = switcher.getByRole("link");
    await expect(links).toHaveText(LOCALES.map((code) => code.toUpperCase()));
    for (const [index, code] of LOCALES.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute("hreflang", code);
      await expect(link).toHaveAttribute("href", `${origin(code)}/?locale=${code}`);
      if (code === "nl") await expect(link).toHaveAttribute("aria-current", "true");
      else await expect(link).not.toHaveAttribute("aria-current", /.*/);
    }
    await expect(switcher.locator('[aria-current="true"]')).toHaveCount(1);
  });

  test("switches to the English domain by the plain link when there is nothing to carry", async ({ page }) => {
    const handOffs = handOffRequests(page);
    await page.goto(`${origin("nl")}/`);
    await waitForHydration(page);
    // The links' accessible names are the language names; the visible text is the code.
    const english = page.locator('footer nav.language-switcher a[hreflang="en"]');
    await expect(english).toHaveText("EN");
    await english.click();
    await expect(page).toHaveURL(`${origin("en")}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("main h1")).toHaveText(homePage("en").h1);
    const current = page.locator('footer nav.language-switcher a[aria-current="true"]');
    await expect(current).toHaveText("EN");
    expect(handOffs).toEqual([]);
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto(`${origin("nl")}/`);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolations(page, "home with language switcher");
  });
});

const label = (locale: Locale, key: string) => message(locale, `forms.labels.${key}`);

test.describe("language hand-off", () => {
  test.beforeEach(async ({ request }) => {
    await resetRateLimits(request);
  });

  test("nl → en → de in the middle of the checkout keeps the cart, the checkout step and the sign-in", async ({ page, context }) => {
    // A parent signed in on the Dutch domain only.
    const email = `wissel-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const registered = await page.request.post(`${origin("nl")}/api/auth/local/register`, { data: { username: email, email, password: "Drijfpak-Blauw-2026" } });
    expect(registered.status()).toBe(200);
    const dutchSession = ((await registered.json()) as { jwt: string }).jwt;
    await context.addCookies([{ name: "token", value: dutchSession, url: origin("nl") }]);

    // Two blue M suits in the cart, then the checkout up to its shipping step, half filled in.
    const suit = product("nl", "splash-float-suit");
    await page.goto(`${origin("nl")}${suit.path}`);
    await waitForHydrated(page, ".product-page input.picker__input");
    await page.getByRole("group", { name: message("nl", "shop.colour") }).getByRole("radio", { name: message("nl", "shop.colours.blue") }).check();
    await page.getByRole("group", { name: message("nl", "shop.size") }).getByRole("radio", { name: "M", exact: true }).check();
    const add = page.getByRole("button", { name: message("nl", "shop.addToCart") });
    await add.click();
    await add.click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await page.goto(`${origin("nl")}${contentPage("nl", "checkout").path}`);
    await waitForHydrated(page, ".block-checkout form");
    await page.getByLabel(label("nl", "firstname"), { exact: true }).fill("Eva");
    await page.getByLabel(label("nl", "lastname"), { exact: true }).fill("de Vries");
    await page.getByRole("button", { name: message("nl", "forms.next") }).click();
    await expect(page.getByRole("heading", { level: 2, name: message("nl", "checkout.steps.shipping") })).toBeFocused();
    await page.getByLabel(label("nl", "street"), { exact: true }).fill("Keizersgracht");
    await page.getByLabel(label("nl", "country"), { exact: true }).selectOption("de");

    // Switch to English: the token goes in a form body, never in a URL.
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    const redeemed = page.waitForRequest((request) => request.url() === `${origin("en")}${HANDOFF_API}/redeem`);
    await page.locator('footer nav.language-switcher a[hreflang="en"]').click();
    const token = new URLSearchParams((await redeemed).postData() ?? "").get("token") ?? "";
    // The same page in English; once the checkout has started, its fragment names the step.
    await expect(page).toHaveURL(`${origin("en")}${contentPage("en", "checkout").path}#shipping`);
    expect(token).toMatch(/^[\w-]{43,}$/);
    expect(urls.filter((url) => url.includes(token))).toEqual([]);

    // The same step in English, as it was left; the cart and its country; signed in.
    await waitForHydrated(page, ".block-checkout form");
    await expect(page.getByRole("heading", { level: 2, name: message("en", "checkout.steps.shipping") })).toBeVisible();
    await expect(page.getByLabel(label("en", "street"), { exact: true })).toHaveValue("Keizersgracht");
    await expect(page.getByLabel(label("en", "country"), { exact: true })).toHaveValue("de");
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await expect(page.locator("header.site-header").getByRole("link", { name: message("en", "routes.account") })).toBeVisible();
    const englishCookies = await context.cookies(origin("en"));
    const englishSession = englishCookies.find((cookie) => cookie.name === "token")?.value;
    expect(englishSession, "a session of the English domain's own").toBeTruthy();
    expect(englishSession).not.toBe(dutchSession);
    expect(englishCookies.map((cookie) => cookie.name)).not.toContain("checkout_handoff"); // read once, gone
    await expectNoSeriousA11yViolations(page, "checkout after the language hand-off (en)");

    // On to German: handed off again, still the shipping step as it was left.
    await page.locator('footer nav.language-switcher a[hreflang="de"]').click();
    await expect(page).toHaveURL(`${origin("de")}${contentPage("de", "checkout").path}#shipping`);
    await waitForHydrated(page, ".block-checkout form");
    await expect(page.getByRole("heading", { level: 2, name: message("de", "checkout.steps.shipping") })).toBeVisible();
    await expect(page.getByLabel(label("de", "street"), { exact: true })).toHaveValue("Keizersgracht");
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await expect(page.locator("header.site-header").getByRole("link", { name: message("de", "routes.account") })).toBeVisible();
  });
});
