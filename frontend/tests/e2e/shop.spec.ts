/**
 * The shop and the cart end to end, in two languages: a product page's 'choose' message, colour
 * and size, adding twice (one line, quantity 2), the feedback card leaving after 5 seconds, the
 * cart restored from its cookie after a reload, removing after a yes/no confirmation, the empty
 * state; a sold-out variant; and a cart cookie that is garbage or names a missing variant.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { collectProblems, contentPage, message, origin, product, waitForHydrated, waitForHydration, type Locale } from "./support";

const fill = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [key, value]) => text.replace(`{{${key}}}`, value), template);

async function openProduct(page: Page, locale: Locale, key = "splash-float-suit") {
  const found = product(locale, key);
  const response = await page.goto(`${origin(locale)}${found.path}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("main h1")).toHaveText(found.title);
  await waitForHydration(page);
  return found;
}

async function choose(page: Page, locale: Locale, colour: "blue" | "pink", size: string) {
  await page.getByRole("group", { name: message(locale, "shop.colour") }).getByRole("radio", { name: message(locale, `shop.colours.${colour}`) }).check();
  await page.getByRole("group", { name: message(locale, "shop.size") }).getByRole("radio", { name: size, exact: true }).check();
}

function cartLines(page: Page, locale: Locale) {
  return page.getByRole("list", { name: message(locale, "cart.lines") }).getByRole("listitem");
}

for (const locale of ["nl", "en"] as const) {
  test(`choose, add twice, feedback, restore from the cookie, remove (${locale})`, async ({ page }) => {
    test.setTimeout(60_000);
    const site = origin(locale);
    const suit = await openProduct(page, locale);
    const status = page.locator(".product-page__status");
    const add = page.getByRole("button", { name: message(locale, "shop.addToCart") });

    await expect(status).toHaveText(message(locale, "shop.choose"));
    await expect(add).toBeDisabled();
    await expectNoSeriousA11yViolations(page, `product page (${locale})`);

    await choose(page, locale, "blue", "M");
    await expect(status).not.toHaveText(message(locale, "shop.choose"));
    await expect(add).toBeEnabled();
    await add.click();
    await add.click();

    const badge = page.getByTestId("cart-count");
    await expect(badge).toHaveText("2");
    const cards = page.getByRole("status", { name: message(locale, "cart.feedback.region") }).locator(".cart-feedback__card");
    await expect(cards).toHaveCount(1); // one card at a time
    await expect(cards.first()).toContainText(message(locale, "cart.feedback.title"));
    // Two adds queue two cards of 5 seconds each; then none is left.
    await expect(cards).toHaveCount(0, { timeout: 15_000 });

    await page.goto(`${site}${contentPage(locale, "cart").path}`);
    await waitForHydration(page);
    const lines = cartLines(page, locale);
    await expect(lines).toHaveCount(1);
    const title = `${suit.title} – ${message(locale, "shop.colours.blue")}, M`;
    const quantity = page.getByRole("spinbutton", { name: fill(message(locale, "cart.quantityOf"), { product: title }) });
    await expect(quantity).toHaveValue("2");
    await expect(page.getByTestId("cart-total")).not.toBeEmpty();

    // The cookie holds only variantId, quantity and options; a reload restores the cart from it.
    const cookie = (await page.context().cookies(site)).find((entry) => entry.name === "cart");
    const stored = JSON.parse(decodeURIComponent(cookie?.value ?? "[]")) as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(["options", "quantity", "variantId"]);
    await page.reload();
    await waitForHydration(page);
    await expect(cartLines(page, locale)).toHaveCount(1);
    await expect(quantity).toHaveValue("2");
    await expectNoSeriousA11yViolations(page, `cart (${locale})`);

    await page.getByRole("button", { name: fill(message(locale, "cart.removeLabel"), { product: title }) }).click();
    await page.getByRole("button", { name: message(locale, "cart.yesRemove") }).click();
    await expect(page.locator(".cart-empty__text")).toHaveText(message(locale, "cart.empty"));
    await expect(badge).toHaveText("0");
    expect((await page.context().cookies(site)).find((entry) => entry.name === "cart")).toBeUndefined();
  });
}

for (const locale of ["nl", "en", "de"] as const) {
  test(`the feedback card is the next Tab stop after 'Add to cart' and stays while it has the focus (${locale})`, async ({ page }) => {
    await openProduct(page, locale);
    await waitForHydrated(page, ".product-page__add");
    await choose(page, locale, "blue", "M");
    // The page's timers from here on run when the test says so (the card's 5 seconds).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const add = page.getByRole("button", { name: message(locale, "shop.addToCart") });
    await add.focus();
    await page.keyboard.press("Enter");
    const card = page.locator(".cart-feedback__card");
    await expect(card).toContainText(message(locale, "cart.feedback.title"));

    await page.keyboard.press("Tab");
    const view = card.getByRole("link", { name: message(locale, "cart.feedback.view") });
    await expect(view).toBeFocused();
    await page.clock.runFor(15_000); // three times its 5 seconds, focused
    await expect(card).toHaveCount(1);
    await page.clock.resume(); // axe waits for animation frames
    await expectNoSeriousA11yViolations(page, `product page with the feedback card focused (${locale})`);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    await page.keyboard.press("Shift+Tab");
    await expect(add).toBeFocused();
    await page.clock.runFor(5_000); // not focused, not hovered: it leaves on its own
    await expect(card).toHaveCount(0);
  });
}

for (const locale of ["nl", "en", "de"] as const) {
  test(`typing more than is left sets what is left and says so in the stock words (${locale})`, async ({ page, request }) => {
    const site = origin(locale);
    // How many pink L suits are left now (the fixtures hold 9; other tests may have bought some),
    // asked on the Dutch domain (the test's own requests resolve plain localhost only).
    const api = `${origin("nl")}/api`;
    const list = (await (await request.get(`${api}/products?filters[key][$eq]=splash-float-suit`)).json()) as { data: { id: number }[] };
    const suit = (await (await request.get(`${api}/products/${list.data[0]?.id}`)).json()) as { data: { variants: { sku: string; stock: number }[] } };
    const left = suit.data.variants.find((variant) => variant.sku === "SPL-FS-PINK-L")?.stock ?? 0;
    expect(left).toBeGreaterThan(1);

    const found = await openProduct(page, locale);
    await choose(page, locale, "pink", "L");
    await page.getByRole("button", { name: message(locale, "shop.addToCart") }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto(`${site}${contentPage(locale, "cart").path}`);
    await waitForHydration(page);
    await expect(page.getByTestId("cart-total")).not.toHaveText("…");

    const title = `${found.title} – ${message(locale, "shop.colours.pink")}, L`;
    const quantity = page.getByRole("spinbutton", { name: fill(message(locale, "cart.quantityOf"), { product: title }) });
    await quantity.fill("99");
    await expect(quantity).toHaveValue(String(left));
    const leftText = fill(message(locale, "stock.left"), { count: String(left) });
    await expect(page.locator(".quantity__note")).toHaveText(fill(message(locale, "stock.setToLeft"), { left: leftText, count: String(left) }));
    await expect(page.getByRole("button", { name: fill(message(locale, "cart.increase"), { product: title }) })).toHaveAttribute("aria-disabled", "true");
    await quantity.blur();
    await expect(quantity).toHaveValue(String(left));
    // The cart holds what is left, so the line is orderable: no stock warning under it.
    await expect(page.locator(".cart-line__warning")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `cart with a lowered quantity (${locale})`);
  });
}

test("the product page and the cart page hydrate without console errors or warnings", async ({ page }) => {
  const problems = collectProblems(page);
  await openProduct(page, "de");
  await choose(page, "de", "pink", "S");
  await page.getByRole("button", { name: message("de", "shop.addToCart") }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto(`${origin("de")}${contentPage("de", "cart").path}`);
  await waitForHydration(page);
  await expect(cartLines(page, "de")).toHaveCount(1);
  expect(problems).toEqual([]);
});

test("a sold-out variant says it is unavailable and cannot be added", async ({ page }) => {
  await openProduct(page, "en");
  await choose(page, "en", "pink", "3XL");
  await expect(page.locator(".product-page__status")).toHaveText(message("en", "stock.unavailable"));
  await expect(page.getByRole("button", { name: message("en", "shop.addToCart") })).toBeDisabled();
});

test("a garbage cart cookie or a missing variant never breaks the cart page", async ({ page, context }) => {
  const locale = "nl";
  const site = origin(locale);
  const cartPath = contentPage(locale, "cart").path;
  await context.addCookies([{ name: "cart", value: "%7Bnot%20json", url: site }]);
  await page.goto(`${site}${cartPath}`);
  await waitForHydration(page);
  await expect(page.locator(".cart-empty__text")).toHaveText(message(locale, "cart.empty"));

  const missing = encodeURIComponent(JSON.stringify([{ variantId: 999999, quantity: 1, options: [] }]));
  await context.addCookies([{ name: "cart", value: missing, url: site }]);
  await page.goto(`${site}${cartPath}`);
  await waitForHydration(page);
  await expect(page.locator(".cart-notice")).toContainText(message(locale, "cart.notice"));
  await expect(page.locator(".cart-empty__text")).toHaveText(message(locale, "cart.empty"));
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});

test("the product's Spanish segment on the Dutch domain is a 404", async ({ page }) => {
  const spanish = product("es", "splash-float-suit");
  const response = await page.goto(`${origin("nl")}${spanish.path}`);
  expect(response?.status()).toBe(404);
});

test("before its app runs, the cart page shows the empty cart when there is no cart cookie, a skeleton when there is", async ({ page, context }) => {
  const site = origin("nl");
  const cart = `${site}${contentPage("nl", "cart").path}`;
  await page.route("**/assets/*.js", (route) => route.abort()); // the app never starts: the served page as it first paints
  const empty = page.locator(".cart-empty__text");
  const skeleton = page.locator(".cart-skeleton");

  await page.goto(cart);
  await expect(empty).toHaveText(message("nl", "cart.empty"));
  await expect(empty).toBeVisible();
  await expect(skeleton).toBeHidden();
  await expect(page.getByRole("link", { name: message("nl", "cart.toShop") })).toHaveAttribute("href", "/shop");

  await context.addCookies([{ name: "cart", value: encodeURIComponent(JSON.stringify([{ variantId: 1, quantity: 1, options: [] }])), url: site }]);
  await page.goto(cart);
  await expect(skeleton).toBeVisible();
  await expect(empty).toBeHidden();
});
