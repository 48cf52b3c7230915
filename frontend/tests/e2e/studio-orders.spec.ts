/**
 * The studio's orders (issue 27, part 1), its "done when" path in Dutch and in English: an owner
 * signs in with password and authenticator code, finds a guest's paid order (made by the
 * provider state of backend/testkit/studio_order_states.py: two float suits and a lesson), opens
 * its packing slip, ships it in two parcels, and the customer sees both parcels with their
 * tracking links and got both e-mails; the owner refunds the suits back into stock, and the
 * credit note, the refund e-mail, the order's refunded amount and the stock are what the server
 * says. A shop member gets no refund (button nor API), an editor no orders at all. axe checks the
 * inbox and the order.
 */
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatPrice } from "../../src/lib/i18n/format";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectHeading, memberContext, providerState, signInWithCode, studio, STUDIO_SITE } from "./studio-support";
import { contentPage, mailedLink, mailMatching, message, origin, resetRateLimits, waitForHydration } from "./support";

type Line = { id: number; productType: string; title: string; variantLabel: string; quantity: number; lineTotal: number };
type Refund = { amount: number; creditNoteNr: string; creditNoteUrl: string; restock: boolean };

const STATES: Record<"nl" | "en", string> = {
  nl: "a studio team and a paid Dutch guest order",
  en: "a studio team and a paid English guest order",
};

async function json<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The suit's units in the shop (the studio's stock list). */
async function onHand(page: Page, site: string, sku: string): Promise<number> {
  const rows = (await json<{ data: { sku: string; onHand: number }[] }>(page, `${site}/api/studio/stock`)).data;
  return rows.find((row) => row.sku === sku)?.onHand ?? Number.NaN;
}

/** A page of its own for a member whose session the state made (the owner's locale cookies kept). */
async function memberPage(browser: Browser, owner: Page, session: string): Promise<Page> {
  const context = await browser.newContext({ storageState: await owner.context().storageState() });
  await context.clearCookies({ name: "splash_studio" });
  await memberContext(context, session);
  return context.newPage();
}

const CUSTOMER_PASSWORD = "Zwemles-Pakket-2026";

/** With SPLASH_SCREENSHOTS set, the English run writes docs/images/<name>.png, which docs/studio.md shows. */
async function documentationShot(page: Page, name: string, locale: string): Promise<void> {
  if (!process.env.SPLASH_SCREENSHOTS || locale !== "en") return;
  await page.screenshot({ path: path.resolve(import.meta.dirname, "../../../docs/images", `${name}.png`), fullPage: true });
}

for (const locale of ["nl", "en"] as const) {
  test(`an owner ships a guest's order in two parcels and refunds its suits; shop and editor are kept out (${locale})`, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    await resetRateLimits(request);
    const state = await providerState(request, STATES[locale]);
    const t = (key: string, values: Record<string, string | number> = {}) => studio(locale, key, values);
    const site = STUDIO_SITE; // the studio's domain; the customer reads the order on their own
    const orderNr = state.orderNr ?? "";
    const parcels = [`3S${locale.toUpperCase()}${Date.now()}`, `JJD${locale.toUpperCase()}${Date.now() + 1}`];

    // The owner signs in (the form in the default domain's Dutch); the studio's home is the
    // dashboard, in the owner's language, whose "to ship" figure leads to the inbox's box.
    await signInWithCode(page, state);
    await expect(page).toHaveURL(`${site}/studio/dashboard`);
    await expectHeading(page, t("dashboard.title"));
    await expect(page.getByRole("img", { name: t("dashboard.chartTitle") })).toBeVisible();
    await page.getByRole("link", { name: t("dashboard.toShip") }).click();
    await expect(page).toHaveURL(`${site}/studio/orders?box=to_ship`);
    await expectHeading(page, t("orders.title"));
    await expect(page.getByRole("navigation", { name: t("orders.boxes") }).getByRole("link", { name: `${t("orders.box.to_ship")} (1)` })).toHaveAttribute("aria-current", "page");
    const row = page.getByRole("row", { name: new RegExp(orderNr) });
    await expect(row).toContainText(t("orders.statuses.paid"));
    await expectNoSeriousA11yViolations(page, `studio orders inbox (${locale})`);
    await documentationShot(page, "studio-inbox", locale);

    await row.getByRole("link", { name: orderNr }).click();
    await expectHeading(page, t("order.title", { number: orderNr }));
    await expectNoSeriousA11yViolations(page, `studio order (${locale})`);
    const order = (await json<{ data: { lines: Line[] } }>(page, `${site}/api/studio/orders/${state.orderId}`)).data;
    const suit = order.lines.find((line) => line.productType === "physical") as Line;
    const suitName = `${suit.title} · ${suit.variantLabel}`;

    // The packing slip opens in a tab of its own and names the order.
    const [slip] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: t("order.packingSlip") }).click()]);
    await expect(slip.getByRole("heading", { level: 1 })).toContainText(orderNr);
    await slip.close();

    // Two parcels: one suit with PostNL, then the other (all that is left, filled in) with DHL.
    const ship = page.getByRole("region", { name: t("ship.title"), exact: true });
    const units = ship.getByLabel(t("ship.quantityOf", { title: suitName }));
    await expect(units).toHaveValue("2");
    await units.fill("1");
    await ship.getByLabel(t("ship.carrier")).selectOption("postnl");
    await ship.getByLabel(t("ship.trackingNumber")).fill(parcels[0] as string);
    await ship.getByRole("button", { name: t("ship.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("ship.shipped", { number: parcels[0] as string }) })).toBeVisible();
    await expect(units).toHaveValue("1");
    await ship.getByLabel(t("ship.carrier")).selectOption("dhl");
    await ship.getByLabel(t("ship.trackingNumber")).fill(parcels[1] as string);
    await ship.getByRole("button", { name: t("ship.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("ship.shipped", { number: parcels[1] as string }) })).toBeVisible();
    await expect(ship).toHaveCount(0); // nothing left to ship
    await expect(page.getByTestId("studio-shipment")).toHaveCount(2);
    await expect(page.getByTestId("studio-order-status")).toHaveText(t("orders.statuses.shipped"));

    // The customer's order page shows both parcels, each with its tracking link; both e-mails arrived.
    const customer = await page.context().newPage();
    await customer.goto(`${origin(locale)}/order/${state.slug}`);
    const shown = customer.getByRole("region", { name: message(locale, "orders.parcels.title") });
    for (const number of parcels) await expect(shown.getByRole("listitem").filter({ hasText: number })).toHaveCount(1);
    const tracks = shown.getByRole("link", { name: message(locale, "orders.parcels.track") });
    await expect(tracks).toHaveCount(2);
    for (const link of await tracks.all()) await expect(link).toHaveAttribute("href", /^https:\/\//);
    // Paid, the guest's order made them an account: its mailed link sets a first password, and
    // the profile's order list shows both parcels with their tracking links.
    await customer.goto(await mailedLink(request, state.guestEmail ?? "", `${origin(locale)}/reset?code=`));
    await waitForHydration(customer);
    await customer.getByLabel(message(locale, "forms.labels.password"), { exact: true }).fill(CUSTOMER_PASSWORD);
    await customer.getByLabel(message(locale, "forms.labels.passwordConfirmation"), { exact: true }).fill(CUSTOMER_PASSWORD);
    await customer.getByRole("button", { name: message(locale, "auth.reset.firstSubmit") }).click();
    await expect(customer).toHaveURL(`${origin(locale)}${contentPage(locale, "account").path}`);
    for (const number of parcels) await expect(customer.getByRole("link", { name: new RegExp(number) })).toHaveAttribute("href", /^https:\/\//);
    await customer.close();
    for (const number of parcels) {
      await mailMatching(request, `the e-mail of parcel ${number}`, (mail) => mail.to.includes(state.guestEmail ?? "") && (mail.text ?? "").includes(number));
    }

    // The owner refunds both suits back into stock, after confirming.
    const before = await onHand(page, site, state.sku ?? "");
    const refund = page.getByRole("region", { name: t("refund.title"), exact: true });
    await refund.getByLabel(t("refund.unitsOf", { title: suitName })).fill("2");
    await refund.getByLabel(t("refund.restock")).check();
    await refund.getByRole("button", { name: t("refund.submit") }).click();
    const question = refund.getByRole("group", { name: t("refund.confirmLines", { lines: `2 × ${suitName}`, shipping: "" }) });
    await expect(question.getByRole("button", { name: t("refund.no") })).toBeFocused();
    await question.getByRole("button", { name: t("refund.yes") }).click();

    // What the server made: the amount of the two suits, the credit note, the e-mail, the stock.
    const said = page.getByRole("status").filter({ hasText: /CN-/ });
    await expect(said).toBeVisible();
    const refunds = await json<{ data: Refund[]; order: { amountRefunded: number } }>(page, `${site}/api/studio/orders/${state.orderId}/refunds`);
    const made = refunds.data[0] as Refund;
    expect(refunds.data).toHaveLength(1);
    expect(made.amount).toBe(suit.lineTotal);
    expect(made.restock).toBe(true);
    expect(refunds.order.amountRefunded).toBe(made.amount);
    await expect(said).toHaveText(t("refund.done", { amount: formatPrice(made.amount, locale), number: made.creditNoteNr }));
    await expect(page.getByTestId("order-refunded")).toHaveText(formatPrice(made.amount, locale));
    const note = page.getByRole("link", { name: t("order.creditNote", { number: made.creditNoteNr }) });
    await expect(note).toHaveAttribute("href", made.creditNoteUrl);
    const document = await page.request.get(`${site}${made.creditNoteUrl}`);
    expect(document.status()).toBe(200);
    expect(document.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await document.text()).toContain(made.creditNoteNr);
    await mailMatching(
      request,
      `the refund e-mail of ${made.creditNoteNr}`,
      (mail) => mail.to.includes(state.guestEmail ?? "") && (mail.text ?? "").includes(made.creditNoteNr) && (mail.text ?? "").includes(orderNr),
    );
    expect(await onHand(page, site, state.sku ?? "")).toBe(before + 2);
    await documentationShot(page, "studio-order", locale);

    // A shop member sees the order but no refund, and the API refuses one.
    const shop = await memberPage(browser, page, state.shopSession ?? "");
    await shop.goto(`${site}/studio/orders/${state.orderId}`);
    await expectHeading(shop, studio("en", "order.title", { number: orderNr }));
    await expect(shop.getByRole("region", { name: studio("en", "order.refunds"), exact: true })).toBeVisible();
    await expect(shop.getByRole("region", { name: studio("en", "refund.title"), exact: true })).toHaveCount(0);
    await expect(shop.getByRole("button", { name: studio("en", "refund.submit") })).toHaveCount(0);
    const refused = await shop.request.post(`${site}/api/studio/orders/${state.orderId}/refunds`, {
      data: { amount: 100 },
      headers: { origin: site, "idempotency-key": `e2e-shop-${locale}-${Date.now()}` },
    });
    expect(refused.status()).toBe(403);
    await shop.context().close();

    // An editor: no orders nor customers from the API, no orders in the navigation.
    const editor = await memberPage(browser, page, state.editorSession ?? "");
    for (const path of ["/api/studio/orders", "/api/studio/customers"]) expect((await editor.request.get(`${site}${path}`)).status(), path).toBe(403);
    await editor.goto(`${site}/studio`);
    const nav = editor.getByRole("navigation", { name: studio("en", "nav.label") });
    await expect(nav).toBeAttached();
    await expect(nav.getByRole("link", { name: studio("en", "nav.orders") })).toHaveCount(0);
    await editor.goto(`${site}/studio/orders`);
    await expectHeading(editor, studio("en", "forbidden.title"));
    await editor.context().close();
  });
}
