/**
 * The invoice on a phone and on paper (issue 24, point 9): a paid order's invoice, with a long
 * e-mail address and German compounds, fits a 390 and a 320 px phone without sideways scrolling,
 * its total in view, names the seller's postal address, passes axe, and prints on one A4 page as
 * a table. The order is placed and paid through the API and the test provider's payment page.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { COMPANY, origin, resetRateLimits, routePath, type Locale } from "./support";

test.beforeEach(async ({ request }) => {
  await resetRateLimits(request);
});

type Variant = { id: number; available: boolean };

/** A 64-character e-mail address, new for every order. */
function longEmail(locale: Locale): string {
  const local = `rechnungsempfaenger.${locale}.${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  return `${local}@${"schwimmschule".padEnd(64 - local.length - 5, "x")}.com`;
}

/**
 * Places an order of two float suits in `locale` and pays it on the test provider's page; answers
 * its slug once the webhook has made it paid. (API calls go to localhost: Node does not resolve
 * <code>.localhost names; the order's language is its `locale`.)
 */
async function paidOrder(request: APIRequestContext, locale: Locale): Promise<string> {
  const site = origin("nl");
  const list = (await (await request.get(`${site}/api/products?filters[key][$eq]=splash-float-suit`)).json()) as { data: { id: number }[] };
  const suit = (await (await request.get(`${site}/api/products/${list.data[0]?.id}`)).json()) as { data: { variants: Variant[] } };
  const variant = suit.data.variants.find((candidate) => candidate.available);
  const address = {
    street: "Schwimmbadstraßenverwaltungsgebäudeweg",
    housenumber: "128",
    addition: "Hinterhaus",
    additionalInfo: "Bei Familie Wasserfreundschaftsbeauftragte",
    postalCode: "1015 CS",
    city: "Amsterdam",
    country: "nl",
  };
  const placed = await request.post(`${site}/api/orders`, {
    headers: { "Idempotency-Key": `invoice-${locale}-${Date.now()}-${Math.floor(Math.random() * 1e6)}` },
    data: {
      data: {
        user: { firstname: "Maximiliane", lastname: "Schwimmunterrichtsteilnehmerin", email: longEmail(locale) },
        locale,
        cart: { items: [{ variantId: variant?.id, quantity: 2, options: [] }] },
        shipping: { country: "nl", address },
        consent: true,
      },
      returnUrl: `${site}${routePath("order-payment", "nl")}`,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { slug, checkoutUrl } = ((await placed.json()) as { data: { slug: string; checkoutUrl: string } }).data;
  const paid = await request.post(checkoutUrl, { form: { status: "paid" }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => ((await (await request.get(`${site}/api/orders/${slug}`)).json()) as { data: { status: string } }).data.status)
    .toBe("paid");
  return slug;
}

/** Nothing is wider than the viewport: the page does not scroll sideways. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return root.scrollWidth > root.clientWidth;
  });
}

const COUNTRY: Record<"nl" | "en" | "de", string> = { nl: "Nederland", en: "Netherlands", de: "Niederlande" };
const TOTAL: Record<"nl" | "en" | "de", string> = { nl: "Totaal incl. btw", en: "Total incl. VAT", de: "Gesamtbetrag brutto" };

for (const locale of ["nl", "en", "de"] as const) {
  test(`the invoice fits a 390 and a 320 px phone and names the seller's address (${locale})`, async ({ page, request }) => {
    const slug = await paidOrder(request, locale);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const response = await page.goto(`${origin(locale)}/api/orders/${slug}/invoice`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);

      expect(await scrollsSideways(page), `the invoice scrolls sideways at ${width} px (${locale})`).toBe(false);

      const seller = page.locator(".parties section").first();
      await expect(seller).toContainText(COMPANY.name);
      await expect(seller).toContainText(COMPANY.street);
      await expect(seller).toContainText(COMPANY.city);
      await expect(seller).toContainText(COUNTRY[locale]);
      // Every line's amounts and the total are in view, none cut off at the right.
      const total = page.locator(".totals .grand");
      await expect(total).toContainText(TOTAL[locale]);
      for (const cell of await page.locator(".lines td, .totals td").all()) {
        const box = await cell.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), `a cell ends past ${width} px`).toBeLessThanOrEqual(width);
      }
    }
    await expectNoSeriousA11yViolations(page, `invoice at 320 px (${locale})`);
  });
}

test("the invoice prints on one A4 page, its lines a table with its header (de)", async ({ page, request }) => {
  const slug = await paidOrder(request, "de");
  await page.setViewportSize({ width: 320, height: 740 }); // printed from a phone: the page's width decides
  await page.goto(`${origin("de")}/api/orders/${slug}/invoice`);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".lines thead th").first()).toHaveText("Beschreibung");
  expect(await page.locator(".lines td").first().evaluate((cell) => getComputedStyle(cell).display)).toBe("table-cell");
  await expect(page.locator(".print-hint")).toBeHidden();

  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(1);
});
