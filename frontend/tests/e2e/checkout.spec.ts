/**
 * Checkout, payment and the order end to end, in two languages, on the embedded test payment
 * provider: a guest adds float suits, checks out and pays on the hosted test page; paid leads to
 * thank you, failed to the error page with the order number, open to 'waiting for your payment'
 * with Pay now and then paid. The guest then finds the e-mails in the test server's outbox, sets
 * a password through the e-mailed link and sees the order — its status and invoice — in the
 * profile. axe checks every screen of ours on the way.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  addSuits,
  checkOut,
  contentPage,
  endPayment,
  formText,
  mailedLink,
  message,
  origin,
  proceedToPayment,
  resetRateLimits,
  waitForHydrated,
  waitForHydration,
  type Locale,
} from "./support";

const PASSWORD = "Drijfpak-Blauw-2026";

test.beforeEach(async ({ request }) => {
  await resetRateLimits(request);
});

/** A fresh address per order: a guest's order makes an account, and the server keeps its database between tests. */
function freshEmail(locale: Locale, what: string): string {
  return `gast-${what}-${locale}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

const label = (locale: Locale, key: string) => message(locale, `forms.labels.${key}`);

/** The order number the page names (the order-payment page says it in a sentence). */
async function orderNumber(page: Page): Promise<string> {
  const text = (await page.locator(".order-card").textContent()) ?? "";
  const found = /SPL-[A-Z0-9-]+/.exec(text)?.[0];
  expect(found, "an order number on the page").toBeTruthy();
  return found as string;
}

async function cartCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === "cart")?.value;
}

for (const locale of ["nl", "en"] as const) {
  test(`a guest orders two suits, pays, then sees the order in the profile (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const site = origin(locale);
    const email = freshEmail(locale, "paid");

    await addSuits(page, locale, "L", 2);
    await checkOut(page, locale, email, { atStep: (step) => expectNoSeriousA11yViolations(page, `checkout, ${step} (${locale})`) });
    await proceedToPayment(page, locale);
    const slug = await endPayment(page, locale, "paid");

    // Thank you, with the order number and when it ships; the cart is empty now.
    await expect(page.getByRole("heading", { level: 1, name: message(locale, "orders.payment.thanksTitle") })).toBeVisible();
    const orderNr = await orderNumber(page);
    await expect(page.getByText(formText(locale, "orders.payment.thanks", { orderNr }))).toBeVisible();
    await expect.poll(() => cartCookie(page)).toBeUndefined();
    await expectNoSeriousA11yViolations(page, `thank you (${locale})`);

    // The e-mails: the confirmation names the order; another sets the new account's password.
    const orderLink = await mailedLink(page.request, email, `${site}/order/`);
    expect(orderLink).toBe(`${site}/order/${slug}`);
    const setPassword = await mailedLink(page.request, email, `${site}/reset?code=`);
    await page.goto(setPassword);
    await waitForHydration(page);
    await page.getByLabel(label(locale, "password"), { exact: true }).fill(PASSWORD);
    await page.getByLabel(label(locale, "passwordConfirmation"), { exact: true }).fill(PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: message(locale, "auth.reset.firstTitle") })).toBeVisible();
    await page.getByRole("button", { name: message(locale, "auth.reset.firstSubmit") }).click();
    await expect(page).toHaveURL(`${site}${contentPage(locale, "account").path}`);

    // The profile lists the order with its payment status; its page shows the status and the invoice.
    const orders = page.locator(".block-orders");
    const link = orders.getByRole("link", { name: formText(locale, "orders.list.order", { orderNr }) });
    await expect(link).toBeVisible();
    await expect(orders.getByText(formText(locale, "orders.list.payment", { status: message(locale, "orders.paymentStatus.paid") }))).toBeVisible();
    await expectNoSeriousA11yViolations(page, `profile with an order (${locale})`);
    await link.click();
    await expect(page).toHaveURL(`${site}/order/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: formText(locale, "orders.detail.title", { orderNr }) })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText(message(locale, "orders.status.paid"));
    const invoice = page.getByRole("link", { name: message(locale, "orders.detail.invoice") });
    await expect(invoice).toHaveAttribute("href", `/api/orders/${slug}/invoice`);
    await expectNoSeriousA11yViolations(page, `order detail (${locale})`);
    // The invoice opens in a tab of its own and names the order.
    const [invoicePage] = await Promise.all([page.context().waitForEvent("page"), invoice.click()]);
    await expect(invoicePage.locator("body")).toContainText(orderNr);
    await invoicePage.close();
  });

  test(`a failed payment shows the error page with the order number, and the cart stays (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await addSuits(page, locale, "S", 1);
    await checkOut(page, locale, freshEmail(locale, "failed"));
    await proceedToPayment(page, locale);
    await endPayment(page, locale, "failed");

    await expect(page.getByRole("heading", { level: 1, name: message(locale, "orders.payment.failedTitle") })).toBeVisible();
    const orderNr = await orderNumber(page);
    await expect(page.getByText(formText(locale, "orders.payment.failed", { orderNr }))).toBeVisible();
    await expect(page.getByRole("button", { name: message(locale, "orders.payNow") })).toBeVisible();
    await expect.poll(() => cartCookie(page)).toBeDefined();
    await expectNoSeriousA11yViolations(page, `payment failed (${locale})`);
  });

  test(`an open payment waits with Pay now, then Pay now pays it (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await addSuits(page, locale, "XL", 1);
    await checkOut(page, locale, freshEmail(locale, "open"));
    await proceedToPayment(page, locale);
    const slug = await endPayment(page, locale, "open");

    await expect(page.getByRole("heading", { level: 1, name: message(locale, "orders.payment.waitingTitle") })).toBeVisible();
    const orderNr = await orderNumber(page);
    await expect(page.getByText(formText(locale, "orders.payment.waiting", { orderNr }))).toBeVisible();
    await expect.poll(() => cartCookie(page)).toBeUndefined();
    await expectNoSeriousA11yViolations(page, `awaiting payment (${locale})`);

    await page.getByRole("button", { name: message(locale, "orders.payNow") }).click();
    await expect(page).toHaveURL(/\/api\/payments\/test\/[^/]+$/);
    expect(await endPayment(page, locale, "paid")).toBe(slug);
    await expect(page.getByRole("heading", { level: 1, name: message(locale, "orders.payment.thanksTitle") })).toBeVisible();
    await expect(page.getByText(formText(locale, "orders.payment.thanks", { orderNr }))).toBeVisible();
  });
}

/** For each bank detail row: whether its value stands beside its label (else below it). */
async function besideTheirLabels(page: Page): Promise<boolean[]> {
  return page.locator(".order-bank__row").evaluateAll((rows) =>
    rows.map((row) => {
      const [label, value] = [row.querySelector("dt"), row.querySelector("dd")].map((part) => part?.getBoundingClientRect());
      return Boolean(label && value && value.top < label.bottom);
    }),
  );
}

for (const locale of ["nl", "en"] as const) {
  test(`the bank transfer's details are laid out alike, the BIC too, on a phone and a desktop (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await addSuits(page, locale, "L", 1);
    await checkOut(page, locale, freshEmail(locale, "transfer"));
    await proceedToPayment(page, locale);
    await endPayment(page, locale, "banktransfer");
    await expect(page.locator(".order-bank__row")).toHaveCount(4);

    // On the phone every value goes under its label; on a desktop every value beside it.
    expect(await besideTheirLabels(page)).toEqual([false, false, false, false]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await besideTheirLabels(page)).toEqual([true, true, true, true]);
  });
}

/** How far the element's focus ring (outline and shadow) reaches above its box, and whether that stays below the header and on screen. */
async function ringClear(element: Locator): Promise<{ ringTop: number; headerBottom: number }> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const outline = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    const spread = style.boxShadow === "none" ? 0 : Math.max(...[...style.boxShadow.matchAll(/(-?[\d.]+)px(?=[^,]*$)/g)].map((match) => parseFloat(match[1] ?? "0")), 0);
    const header = document.querySelector(".site-header")?.getBoundingClientRect();
    return { ringTop: node.getBoundingClientRect().top - Math.max(outline, spread), headerBottom: Math.max(header?.bottom ?? 0, 0) };
  });
}

/** The texts of the step's legends that repeat its heading. */
async function legendsRepeatingTheHeading(page: Page): Promise<string[]> {
  const heading = (await page.locator(".block-checkout h2").textContent())?.trim();
  return (await page.locator(".block-checkout legend").allTextContents()).map((text) => text.trim()).filter((text) => text === heading);
}

for (const locale of ["nl", "en", "de"] as const) {
  test(`Back and Forward move between the checkout's steps without a request; a reload keeps the step (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await addSuits(page, locale, "M", 1);
    const site = origin(locale);
    const checkoutPath = contentPage(locale, "checkout").path;
    await page.goto(`${site}${contentPage(locale, "cart").path}`);
    await waitForHydration(page);
    // By keyboard into the checkout: the main region takes the focus, with no ring or shadow under the header.
    await page.getByRole("link", { name: message(locale, "cart.checkout") }).focus();
    await page.keyboard.press("Enter");
    await waitForHydrated(page, ".block-checkout form");
    await expect(page.locator("main")).toBeFocused();
    expect(await page.locator("main").evaluate((main) => getComputedStyle(main).boxShadow)).toBe("none");
    await expect(page).toHaveURL(`${site}${checkoutPath}#personal`);

    const personal = page.getByRole("heading", { level: 2, name: message(locale, "checkout.steps.personal") });
    const shipping = page.getByRole("heading", { level: 2, name: message(locale, "checkout.steps.shipping") });
    const firstname = page.getByLabel(label(locale, "firstname"), { exact: true });
    const street = page.getByLabel(label(locale, "street"), { exact: true });
    expect(await legendsRepeatingTheHeading(page)).toEqual([]);
    await firstname.fill("Eva");
    await page.getByLabel(label(locale, "lastname"), { exact: true }).fill("de Vries");
    await page.getByLabel(label(locale, "email"), { exact: true }).fill(freshEmail(locale, "history"));
    const fetched: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "document" || new URL(sent.url()).pathname.startsWith("/_payload/")) fetched.push(sent.url());
    });
    await page.getByRole("button", { name: message(locale, "forms.next") }).focus();
    await page.keyboard.press("Enter");

    await expect(shipping).toBeFocused();
    await expect(page).toHaveURL(`${site}${checkoutPath}#shipping`);
    const ring = await ringClear(shipping);
    expect(ring.ringTop, "the focused heading's ring is on screen, below the header").toBeGreaterThanOrEqual(ring.headerBottom);
    expect(await legendsRepeatingTheHeading(page)).toEqual([]);
    await street.fill("Keizersgracht");

    await page.goBack();
    await expect(personal).toBeVisible();
    await expect(firstname).toHaveValue("Eva");
    await expect(page).toHaveURL(`${site}${checkoutPath}#personal`);
    await page.goForward();
    await expect(shipping).toBeVisible();
    await expect(street).toHaveValue("Keizersgracht");
    expect(fetched, "a step change fetches no page").toEqual([]);

    await page.reload();
    await waitForHydrated(page, ".block-checkout form");
    await expect(shipping).toBeVisible();
    await expect(street).toHaveValue("Keizersgracht");
    await page.goBack();
    await expect(personal).toBeVisible();
    await expect(firstname).toHaveValue("Eva");
  });
}
