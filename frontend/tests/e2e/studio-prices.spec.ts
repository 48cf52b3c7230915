/**
 * Prices in the studio (issue 28) (backend/testkit/editing_states.py: an English-speaking
 * owner, a Dutch editor, and a guest's order of the blue M float suit placed at €49,95): the owner
 * changes the suit's price from the variants' list and publishes it; once the worker has
 * republished, the Dutch product page shows it; a new cart and a new order use it while the
 * order placed before keeps its price; an editor sees no price control and the API refuses
 * them. (API calls go to localhost: Node does not resolve <code>.localhost names.)
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectHeading, memberContext, providerState, STUDIO_SITE, studio } from "./studio-support";
import { origin } from "./support";

const STATE = "a signed-in studio owner and editor and an order of the blue M float suit";
/** The owner's studio speaks English, the editor's Dutch (the state's members). */
const en = (key: string, values: Record<string, string | number> = {}) => studio("en", key, values);
const nl = (key: string, values: Record<string, string | number> = {}) => studio("nl", key, values);
const SUIT_TITLE = "splash-float-suit blue M";
const NEW_PRICE = 4495; // below the other sizes' €49,95, so the page's "from" price shows it

type State = { session: string; editorSession: string; orderSlug: string; variantId: number; priceKey: string; price: number };
type Line = { variantId: number; unitPrice: number };

const priceEntry = (state: State) => `${STUDIO_SITE}/api/studio/content/price/${state.priceKey}?locale=`;
const cartOfOne = (state: State) => ({ items: [{ variantId: state.variantId, quantity: 1, options: [] }] });

async function quote(request: APIRequestContext, state: State): Promise<{ unitPrice: number; productPath: string }> {
  const answer = await request.post(`${origin("nl")}/api/cart/quote`, { data: { ...cartOfOne(state), country: "nl" } });
  expect(answer.status(), await answer.text()).toBe(200);
  const line = ((await answer.json()) as { data: { items: (Line & { productPath: string })[] } }).data.items[0];
  return { unitPrice: line?.unitPrice ?? 0, productPath: line?.productPath ?? "" };
}

async function orderPrice(request: APIRequestContext, slug: string, state: State): Promise<number | undefined> {
  const answer = (await (await request.get(`${origin("nl")}/api/orders/${slug}`)).json()) as { data: { lines: Line[] } };
  return answer.data.lines.find((line) => line.variantId === state.variantId)?.unitPrice;
}

/** The owner's price, saved and published through the studio's API (the page's own cookie). */
async function publishPrice(page: Page, state: State, cents: number): Promise<void> {
  const headers = { origin: STUDIO_SITE };
  const saved = await page.request.put(priceEntry(state), { data: { revision: 0, document: { price: cents } }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const { revision } = ((await saved.json()) as { data: { revision: number } }).data;
  const published = await page.request.post(priceEntry(state).replace("?", "/publish?"), { data: { revision }, headers });
  expect(published.status(), await published.text()).toBe(200);
}

test("the owner changes a variant's price in the studio and the Dutch product page shows it", async ({ browser, context, page, request }) => {
  test.setTimeout(90_000);
  const state = (await providerState(request, STATE)) as unknown as State;
  const { productPath } = await quote(request, state);
  await memberContext(context, state.session);

  await page.goto(`${STUDIO_SITE}/studio/content/variant`);
  await expectHeading(page, en("editing.contentTitle"));
  await page.getByRole("link", { name: en("editing.editPrice", { title: SUIT_TITLE }) }).click();
  await expectHeading(page, state.priceKey);
  const field = page.getByLabel(en("editing.fields.priceEuros"), { exact: false });
  await expect(field).toHaveValue("49.95");
  await field.fill("44,95");
  await page.getByRole("button", { name: en("editing.saveNow") }).click();
  await expect(page.locator(".studio-save-state")).toContainText(en("editing.status.saved", { name: "owner@splash.example", at: "" }).replace(/, \.$/, ""));
  await page.getByRole("button", { name: en("editing.publish"), exact: true }).click();
  await expect(page.getByText(en("editing.published", { number: 1 }))).toBeVisible();

  // The worker republishes the product's pages; a visitor then sees the new "from" price.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await expect(async () => {
    await visitor.goto(`${origin("nl")}${productPath}`);
    await expect(visitor.getByText(/44,95/).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await stranger.close();
});

test("a new cart and a new order use a published price; an order placed before keeps its own", async ({ context, page, request }) => {
  const state = (await providerState(request, STATE)) as unknown as State;
  await memberContext(context, state.session);
  expect((await quote(request, state)).unitPrice).toBe(state.price);

  await publishPrice(page, state, NEW_PRICE);
  expect((await quote(request, state)).unitPrice).toBe(NEW_PRICE);
  const placed = await request.post(`${origin("nl")}/api/orders`, {
    headers: { "Idempotency-Key": `prices-${Date.now()}-${Math.floor(Math.random() * 1e6)}` },
    data: {
      data: {
        user: { firstname: "Eva", lastname: "de Vries", email: "eva@example.com" },
        locale: "nl",
        cart: cartOfOne(state),
        shipping: { country: "nl", address: { street: "Keizersgracht", housenumber: "12", addition: null, additionalInfo: null, postalCode: "1015 CS", city: "Amsterdam", country: "nl" } },
        consent: true,
      },
      returnUrl: `${origin("nl")}/order-payment`,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { slug } = ((await placed.json()) as { data: { slug: string } }).data;
  expect(await orderPrice(request, slug, state)).toBe(NEW_PRICE);
  expect(await orderPrice(request, state.orderSlug, state)).toBe(state.price);
});

test("an editor sees no price control and the API refuses them a price", async ({ context, page, request }) => {
  const state = (await providerState(request, STATE)) as unknown as State;
  await memberContext(context, state.editorSession);

  await page.goto(`${STUDIO_SITE}/studio/content/variant`);
  await expectHeading(page, nl("editing.contentTitle"));
  const kinds = page.getByRole("navigation", { name: nl("editing.collections") });
  await expect(kinds.getByRole("link", { name: nl("editing.collection.variant") })).toBeVisible();
  await expect(kinds.getByRole("link", { name: nl("editing.collection.price") })).toHaveCount(0);
  await expect(kinds.getByRole("link", { name: nl("editing.collection.offer") })).toHaveCount(0);
  await expect(page.getByRole("table").getByRole("link", { name: SUIT_TITLE })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: nl("editing.columns.price") })).toHaveCount(0);
  await expect(page.getByRole("link", { name: nl("editing.editPrice", { title: SUIT_TITLE }) })).toHaveCount(0);

  await page.goto(`${STUDIO_SITE}/studio/content/price/${state.priceKey}`);
  await expectHeading(page, nl("forbidden.title"));
  await expect(page.getByLabel(nl("editing.fields.priceEuros"))).toHaveCount(0);

  const refused = await page.request.put(priceEntry(state), { data: { revision: 0, document: { price: NEW_PRICE } }, headers: { origin: STUDIO_SITE } });
  expect(refused.status()).toBe(403);
  expect((await quote(request, state)).unitPrice).toBe(state.price);
});
