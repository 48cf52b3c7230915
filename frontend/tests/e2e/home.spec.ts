/** The home page in Dutch (localhost) and English (en.localhost): content, chrome, head, SSR, hydration, a11y. */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { COMPANY, LOCALES, OG_LOCALES, collectProblems, homePage, menus, message, mobileMenu, origin, waitForHydration, type Locale } from "./support";

const BANNER_REPEAT = 8;
const SOCIAL_HOSTS = ["facebook.com", "instagram.com", "linkedin.com", "x.com", "tiktok.com"];

/** Checks header, main h1 and footer against the fixtures; works with and without JavaScript. */
async function expectChrome(page: Page, locale: Locale): Promise<void> {
  const menu = menus(locale);
  const header = page.locator("header.site-header");
  const footer = page.locator("footer.site-footer");

  await expect(page.locator("main h1")).toHaveText(homePage(locale).h1);

  // Header: the banner (one link to /academy with its text 8 times), logo, menus, cart, login.
  const banner = header.locator("a.banner");
  await expect(banner).toHaveAttribute("href", "/academy");
  await expect(banner).toHaveAttribute("aria-label", message(locale, "header.banner"));
  await expect(banner.locator(".banner__item")).toHaveCount(BANNER_REPEAT);
  await expect(banner.locator(".banner__item")).toHaveText(Array(BANNER_REPEAT).fill(message(locale, "header.banner")));

  const logo = header.getByRole("link", { name: message(locale, "header.home"), exact: true });
  await expect(logo).toHaveAttribute("href", "/");

  const primary = header.locator("nav.nav-primary > ul > li > a");
  await expect(primary).toHaveText(menu.primary.map((item) => item.title));
  for (const [index, item] of menu.primary.entries()) {
    await expect(primary.nth(index)).toHaveAttribute("href", item.path);
  }
  await expect(header.locator("nav.nav-secondary a")).toHaveText(menu.secondary.map((item) => item.title));

  const cart = header.locator("a.cart-link");
  await expect(cart.getByTestId("cart-count")).toHaveText("0");
  await expect(cart).toContainText(message(locale, "header.cart").replace("{{count}}", "0"));
  await expect(header.getByRole("link", { name: message(locale, "header.login"), exact: true })).toHaveCount(1);

  // Footer: the three menus, five social links, company facts, this year's copyright.
  await expect(footer.getByRole("navigation", { name: message(locale, "footer.primaryNav"), exact: true }).getByRole("link")).toHaveText(
    menu.primary.map((item) => item.title),
  );
  await expect(footer.getByRole("navigation", { name: message(locale, "footer.secondaryNav"), exact: true }).getByRole("link")).toHaveText(
    menu.secondary.map((item) => item.title),
  );
  const legal = footer.getByRole("navigation", { name: message(locale, "footer.legalNav"), exact: true }).getByRole("link");
  await expect(legal).toHaveText(menu.legal.map((item) => item.title));
  for (const [index, item] of menu.legal.entries()) await expect(legal.nth(index)).toHaveAttribute("href", item.path);

  const social = footer.locator("ul.social-links a");
  await expect(social).toHaveCount(SOCIAL_HOSTS.length);
  for (const [index, host] of SOCIAL_HOSTS.entries()) {
    await expect(social.nth(index)).toHaveAttribute("href", new RegExp(`^https://(www\\.)?${host.replace(/\./g, "\\.")}/`));
    await expect(social.nth(index)).toHaveAttribute("rel", /noopener/);
  }

  await expect(footer).toContainText(COMPANY.name);
  await expect(footer).toContainText(`${message(locale, "footer.coc")}: ${COMPANY.coc}`);
  await expect(footer).toContainText(`${message(locale, "footer.vat")}: ${COMPANY.vat}`);
  await expect(footer).toContainText(`${COMPANY.street}, ${COMPANY.city}, ${message(locale, "forms.countries.nl")}`);
  const year = String(new Date().getFullYear());
  await expect(footer.locator("p").filter({ hasText: "©" })).toContainText(year);
  await expect(footer.locator("p").filter({ hasText: "©" })).toContainText(COMPANY.name);
}

for (const locale of ["nl", "en"] as const satisfies readonly Locale[]) {
  const home = homePage(locale);
  const url = `${origin(locale)}/`;

  test.describe(`home page (${locale}, ${url})`, () => {
    test("answers 200 with the page, header and footer", async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page).toHaveTitle(home.seoTitle);
      await expect(page.locator("h1")).toHaveCount(1);
      await expectChrome(page, locale);
    });

    test("has canonical, hreflang alternates and Open Graph locales in the head", async ({ page }) => {
      await page.goto(url);
      const head = page.locator("head");
      await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", home.seoDescription);
      await expect(head.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", url);

      const alternates = await head
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
      expect(alternates).toEqual([...LOCALES.map((code) => [code, `${origin(code)}/`]), ["x-default", `${origin("nl")}/`]]);

      await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", OG_LOCALES[locale]);
      const ogAlternates = await head
        .locator('meta[property="og:locale:alternate"]')
        .evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content")));
      expect(ogAlternates.sort()).toEqual(LOCALES.filter((code) => code !== locale).map((code) => OG_LOCALES[code]).sort());
    });

    test("is complete in the served HTML, without JavaScript", async ({ browser }, testInfo) => {
      // A fresh context gets the project's stored locale cookies explicitly.
      const context = await browser.newContext({ javaScriptEnabled: false, storageState: testInfo.project.use.storageState });
      try {
        const page = await context.newPage();
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        // No script runs in this context, so everything below comes from the pre-rendered HTML.
        await expectChrome(page, locale);
        await expect(page).toHaveTitle(home.seoTitle);
      } finally {
        await context.close();
      }
    });

    test("hydrates without console errors or warnings and becomes interactive", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const problems = collectProblems(page);
      await page.goto(url);
      const { toggle, panel } = await mobileMenu(page);
      // Interactive = the toggle's click handler works (retried: a click before hydration is a no-op).
      await expect(async () => {
        if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
        await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(panel).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(problems, problems.join("\n")).toEqual([]);
    });

    test("paints its content before it asks for the JavaScript, then hydrates", async ({ page }) => {
      await page.goto(url);
      await waitForHydration(page);
      const order = await page.evaluate(() => {
        const painted = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
        return { painted, firstScript: Math.min(...scripts), scripts: scripts.length };
      });
      expect(order.painted, "first contentful paint").toBeDefined();
      expect(order.scripts).toBeGreaterThan(0);
      expect(order.firstScript).toBeGreaterThanOrEqual(order.painted as number);
    });

    test("has no serious or critical accessibility violations", async ({ page }) => {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await expectNoSeriousA11yViolations(page, `home (${locale})`);
    });
  });
}
