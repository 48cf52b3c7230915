/**
 * No horizontal overflow: at phone, tablet and desktop widths the home and contact pages are no
 * wider than the viewport (document scrollWidth <= clientWidth), in Dutch and English. A failure
 * lists the elements that stick out on the right.
 */
import { expect, test, type Page } from "@playwright/test";
import { contactPage, origin, waitForHydrated, waitForHydration, type Locale } from "./support";

const WIDTHS = [360, 390, 768, 800, 1280];
const HEIGHT = 800;

const PAGES = [
  { name: "home", path: () => "/" },
  { name: "contact", path: (locale: Locale) => contactPage(locale).path },
];

async function expectNoHorizontalOverflow(page: Page, context: string): Promise<void> {
  const measured = await page.evaluate(() => {
    const root = document.documentElement;
    const clientWidth = root.clientWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > clientWidth + 0.5;
    // Hidden inside an ancestor that clips (overflow not visible) and itself fits: not a culprit.
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return !sticksOut(parent);
      }
      return false;
    };
    // The outermost elements past the right edge (their descendants are left out).
    const wide: string[] = [];
    const listed: Element[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      if (element.getBoundingClientRect().width === 0 || !sticksOut(element) || clipped(element)) continue;
      if (listed.some((parent) => parent.contains(element))) continue;
      listed.push(element);
      const classes =
        typeof element.className === "string" && element.className.trim() ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
      const right = Math.round(element.getBoundingClientRect().right);
      wide.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${classes} (right edge ${right}px)`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth, wide };
  });
  expect(
    measured.scrollWidth,
    `${context} is ${measured.scrollWidth}px wide (viewport ${measured.clientWidth}px); sticking out:\n${measured.wide.join("\n")}`,
  ).toBeLessThanOrEqual(measured.clientWidth);
}

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
