/**
 * Phones and desktops with the longest real values (issue 24, points 4, 8 and 25-27). On a phone
 * of 320 and of 390 px, no page type scrolls sideways and its title, the checkout's total and pay
 * button stay whole on the screen, in nl, en and de, for a guest with a 64-character e-mail
 * address and long street and town names who orders, fails to pay, pays, and signs in; the order
 * cards keep the page's side margins. The product page's sticky bar keeps its price and button
 * on one line each (all six languages). On a desktop, the page title stands on the content column.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  addSuits,
  article,
  checkOut,
  contentPage,
  endPayment,
  expectNoHorizontalOverflow,
  expectWithinViewportWidth,
  LOCALES,
  mailedLink,
  message,
  origin,
  proceedToPayment,
  product,
  resetRateLimits,
  routePath,
  waitForHydrated,
  waitForHydration,
  type AddressValues,
  type Locale,
} from "./support";

const PHONES = [320, 390];
const HEIGHT = 800;
const PASSWORD = "Lange-Adressen-2026";

/** Shipping: a long hyphenated street and a long town; billing: one long German compound each. */
const SHIPPING: AddressValues = {
  street: "Oberbürgermeister-Dr.-Hans-Wolfgang-Steinbrück-Straße",
  housenumber: "1234",
  postalCode: "7681 AB",
  city: "Westerhaar-Vriezenveensewijk",
  country: "nl",
};
const BILLING: AddressValues = {
  street: "Donaudampfschifffahrtsgesellschaftskapitänsweg",
  housenumber: "12",
  postalCode: "79822",
  city: "Schwarzwaldhochstraßenrandgemeinde",
  country: "de",
};

test.beforeEach(async ({ request }) => {
  await resetRateLimits(request);
});

/** The longest e-mail address a local part allows (64 characters in all here), fresh for each run. */
function longEmail(locale: Locale): string {
  const id = `${locale}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `${`${id}zwemlesinschrijvingsformulier`.repeat(2).slice(0, 52)}@example.com`;
  expect(email).toHaveLength(64);
  return email;
}

/**
 * At 320 and at 390 px: no sideways scrolling, and the page's h1 and `keys` whole on the screen.
 * Leaves the viewport at 390 px (a phone's) for what follows.
 */
async function expectFitsPhones(page: Page, what: string, keys: Locator[] = []): Promise<void> {
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: HEIGHT });
    await expectNoHorizontalOverflow(page, `${what} at ${width}px`);
    for (const key of [page.locator("main h1"), ...keys]) await expectWithinViewportWidth(key, `${what} at ${width}px`);
  }
}

/** The order card keeps the page's side margins (1.25rem, as every block) at both phone widths. */
async function expectSideMargins(page: Page, what: string): Promise<void> {
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: HEIGHT });
    const margins = await page.locator(".order-card").evaluate((card) => {
      const box = card.getBoundingClientRect();
      return [Math.round(box.left), Math.round(document.documentElement.clientWidth - box.right)];
    });
    expect.soft(margins, `${what}: the order card's left and right margins at ${width}px`).toEqual([20, 20]);
  }
}

async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

for (const locale of ["nl", "en", "de"] as const) {
  test(`every page type fits a 320 and a 390 px phone with the longest values (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    const site = origin(locale);
    const email = longEmail(locale);

    const pages: [string, string][] = [
      ["home", "/"],
      ["product list", contentPage(locale, "shop").path],
      ["blog", contentPage(locale, "blog").path],
      ["article", article(locale, "choosing-the-right-size").path],
      ["login", routePath("login", locale)],
      ["register", routePath("register", locale)],
      ["404", "/deze-pagina-bestaat-echt-niet"],
      ["privacy page", contentPage(locale, "privacy").path],
    ];
    for (const [what, path] of pages) {
      await visit(page, `${site}${path}`);
      await expectFitsPhones(page, `${what} (${locale})`);
    }
    // The last title was the privacy page's: it hyphenates by the page's language where the browser can.
    await expect.soft(page.locator("html")).toHaveAttribute("lang", locale);
    await expect.soft(page.locator("main h1")).toHaveCSS("hyphens", "auto");

    // The academy: the course page, and its first lesson (a free preview).
    await visit(page, `${site}${contentPage(locale, "academy").path}`);
    await page.locator(".block-academy-item").getByRole("link").click();
    await waitForHydrated(page, ".course-page .lesson-item a");
    await expectFitsPhones(page, `course (${locale})`);
    await page.locator(".course-page .lesson-item a").first().click();
    await waitForHydrated(page, ".lesson-stage button");
    await expectFitsPhones(page, `lesson (${locale})`);

    await addSuits(page, locale, "L", 1);
    await expectFitsPhones(page, `product (${locale})`, [page.locator(".product-page__add-bar")]);
    await visit(page, `${site}${contentPage(locale, "cart").path}`);
    await expect(page.locator(".cart-line")).toHaveCount(1);
    await expectFitsPhones(page, `cart (${locale})`);

    const total = page.getByTestId("checkout-total");
    const pay = page.getByRole("button", { name: message(locale, "checkout.summary.pay") });
    await checkOut(page, locale, email, {
      address: SHIPPING,
      billing: BILLING,
      atStep: (step) => expectFitsPhones(page, `checkout, ${step} (${locale})`, step === "summary" ? [total, pay] : []),
    });
    await expect(page.locator(".checkout-part")).toContainText([email, SHIPPING.street, BILLING.street]);
    await expectNoSeriousA11yViolations(page, `checkout summary with long values (${locale})`);

    // Payment results: failed, then waiting, then paid — one order, each screen on both phones.
    await proceedToPayment(page, locale);
    const slug = await endPayment(page, locale, "failed");
    await expect(page.getByRole("heading", { level: 1, name: message(locale, "orders.payment.failedTitle") })).toBeVisible();
    await expectFitsPhones(page, `payment failed (${locale})`);
    await expectSideMargins(page, `payment failed (${locale})`);
    await page.getByRole("button", { name: message(locale, "orders.payNow") }).click();
    await endPayment(page, locale, "open");
    await expect(page.getByRole("heading", { level: 1, name: message(locale, "orders.payment.waitingTitle") })).toBeVisible();
    await expectFitsPhones(page, `payment waiting (${locale})`);
    await page.getByRole("button", { name: message(locale, "orders.payNow") }).click();
    await endPayment(page, locale, "paid");
    await expect(page.getByRole("heading", { level: 1, name: message(locale, "orders.payment.thanksTitle") })).toBeVisible();
    await expectFitsPhones(page, `thank you (${locale})`);
    await expectSideMargins(page, `thank you (${locale})`);

    await visit(page, `${site}/order/${slug}`);
    await expect(page.getByTestId("order-status")).toBeVisible();
    await expectFitsPhones(page, `order detail (${locale})`);
    await expectSideMargins(page, `order detail (${locale})`);
    await expectNoSeriousA11yViolations(page, `order detail with long values (${locale})`);

    // The account the order made: its password set through the e-mailed link, then the profile.
    await visit(page, await mailedLink(page.request, email, `${site}/reset?code=`));
    await page.getByLabel(message(locale, "forms.labels.password"), { exact: true }).fill(PASSWORD);
    await page.getByLabel(message(locale, "forms.labels.passwordConfirmation"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: message(locale, "auth.reset.firstSubmit") }).click();
    await expect(page).toHaveURL(`${site}${contentPage(locale, "account").path}`);
    await expect(page.locator(".orders-list__item")).toHaveCount(1);
    await expectFitsPhones(page, `profile (${locale})`);
  });
}

test("the product page's sticky bar keeps its price and button on one line each on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: HEIGHT });
  for (const locale of LOCALES) {
    await visit(page, `${origin(locale)}${product(locale, "splash-float-suit").path}`);
    const lines = await page.locator(".product-page__add-bar > *").evaluateAll((items) =>
      items.map((item) => {
        // The lines a text takes: the distinct tops of its line boxes.
        const range = document.createRange();
        range.selectNodeContents(item);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        return `${item.textContent?.trim()}: ${tops.size}`;
      }),
    );
    expect.soft(lines, `the sticky bar's items (${locale})`).toEqual(lines.map((line) => line.replace(/\d+$/, "1")));
  }
});

/** Each page and, on it, the element that starts its content column. */
const COLUMNS: [string, (locale: Locale) => string, string][] = [
  ["privacy page", (locale) => contentPage(locale, "privacy").path, ".block-rich-text .rich-text"],
  ["cart", (locale) => contentPage(locale, "cart").path, ".block-cart .cart-empty"],
  ["checkout", (locale) => contentPage(locale, "checkout").path, ".block-checkout .checkout-card"],
  ["account", (locale) => contentPage(locale, "account").path, ".block-profile .profile-card"],
  ["article", (locale) => article(locale, "choosing-the-right-size").path, ".article-page__body"],
];

for (const locale of ["nl", "en", "de"] as const) {
  test(`on a desktop the page title stands on the content column (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    for (const [what, path, column] of COLUMNS) {
      await visit(page, `${origin(locale)}${path(locale)}`);
      // The title's text (its box may have padding) against the column's box, measured at one go
      // (a skeleton may give way to the content meanwhile), until the screen has settled.
      const offset = () =>
        page.evaluate((selector) => {
          const heading = document.querySelector("main h1");
          const content = [...document.querySelectorAll(selector)].find((element) => element.getBoundingClientRect().width > 0);
          if (!heading || !content) return null;
          const range = document.createRange();
          range.selectNodeContents(heading);
          return Math.round(range.getBoundingClientRect().left - content.getBoundingClientRect().left);
        }, column);
      await expect.poll(offset, `${what} (${locale}): the h1's left edge minus the content's (${column})`).toBe(0);
    }
  });
}
