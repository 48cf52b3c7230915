/**
 * No horizontal overflow: at phone, tablet and desktop widths the home and contact pages are no
 * wider than the viewport (document scrollWidth <= clientWidth), in Dutch and English. A failure
 * lists the elements that stick out on the right.
 */
import { expect, test } from "@playwright/test";
import { contactPage, expectNoHorizontalOverflow, origin, waitForHydrated, waitForHydration, type Locale } from "./support";

const WIDTHS = [360, 390, 768, 800, 1280];
const HEIGHT = 800;

const PAGES = [
  { name: "home", path: () => "/" },
  { name: "contact", path: (locale: Locale) => contactPage(locale).path },
];

for (const locale of ["nl", "en"] as const satisfies readonly Locale[]) {
  test(`the contact form (${locale}) does not overflow at ${WIDTHS[0]}px with its messages showing`, async ({ page }) => {
    const url = `${origin(locale)}${contactPage(locale).path}`;
    await page.setViewportSize({ width: WIDTHS[0] ?? 360, height: HEIGHT });
    await page.goto(url);
    await waitForHydration(page);
    await waitForHydrated(page, "form#form-contact button[type=submit]"); // the form block is lazy
    const form = page.locator("form#form-contact");
    await form.locator("button[type=submit]").click();
    await expect(form).toHaveAttribute("data-state", "incomplete");
    await expectNoHorizontalOverflow(page, `${url} at ${WIDTHS[0]}px with the form's messages`);
  });

  for (const { name, path } of PAGES) {
    const url = `${origin(locale)}${path(locale)}`;

    test.describe(`layout of the ${name} page (${locale}, ${url})`, () => {
      for (const width of WIDTHS) {
        test(`does not overflow horizontally at ${width}px`, async ({ page }) => {
          await page.setViewportSize({ width, height: HEIGHT });
          const response = await page.goto(url);
          expect(response?.status()).toBe(200);
          await waitForHydration(page);
          await page.waitForLoadState("load");

          await expectNoHorizontalOverflow(page, `${url} at ${width}px`);
        });
      }
    });
  }
}
