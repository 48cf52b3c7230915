/**
 * The cart page shows its lines from one request: the quote carries each line's title, variant,
 * image, product path and availability, so no per-line GET /product-variants/{id} follows.
 */
import { expect, test } from "@playwright/test";
import { contentPage, message, origin, waitForHydration } from "./support";

type Variant = { id: number; available: boolean };

test("three lines in the cart cookie: the cart page makes exactly one API request to show them", async ({ page, context, request }) => {
  const site = origin("nl");
  // The seeded ids, asked before the page opens (this request context is not the page's).
  const list = (await (await request.get(`${site}/api/products?filters[key][$eq]=splash-float-suit`)).json()) as { data: { id: number }[] };
  const suit = (await (await request.get(`${site}/api/products/${list.data[0]?.id}`)).json()) as { data: { variants: Variant[] } };
  const three = suit.data.variants.filter((variant) => variant.available).slice(0, 3);
  expect(three).toHaveLength(3);
  const lines = three.map((variant, index) => ({ variantId: variant.id, quantity: index + 1, options: [] }));
  await context.addCookies([{ name: "cart", value: encodeURIComponent(JSON.stringify(lines)), url: site }]);

  // The layout asks the account page's path once per browser session (lib/pages/account-path):
  // a visitor arrives from another page of the shop, so that is asked before the cart opens.
  await page.goto(`${site}/`);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");

  const apiCalls: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith("/api/")) apiCalls.push(`${sent.method()} ${url.pathname}`);
  });
  await page.goto(`${site}${contentPage("nl", "cart").path}`);
  await waitForHydration(page);

  const shown = page.getByRole("list", { name: message("nl", "cart.lines") }).getByRole("listitem");
  await expect(shown).toHaveCount(3);
  for (const line of await shown.all()) {
    await expect(line.getByRole("heading").getByRole("link")).toHaveText(/^Splash-drijfpak – /);
    await expect(line.locator("img")).toHaveCount(1);
  }
  await expect(page.getByTestId("cart-total")).not.toHaveText("…");
  await page.waitForLoadState("networkidle");
  expect(apiCalls).toEqual(["POST /api/cart/quote"]);
});
