/** The footer's language switcher: one link per locale domain, the current one marked. */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { LOCALES, homePage, message, origin } from "./support";

test.describe("language switcher", () => {
  test("lists the six locales with the current one marked", async ({ page }) => {
    await page.goto(`${origin("nl")}/`);
    const switcher = page.locator("footer nav.language-switcher");
    await expect(switcher).toHaveAttribute("aria-label", message("nl", "footer.language"));
    const links = switcher.getByRole("link");
    await expect(links).toHaveText(LOCALES.map((code) => code.toUpperCase()));
    for (const [index, code] of LOCALES.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute("hreflang", code);
      await expect(link).toHaveAttribute("href", `${origin(code)}/?locale=${code}`);
      if (code === "nl") await expect(link).toHaveAttribute("aria-current", "true");
      else await expect(link).not.toHaveAttribute("aria-current", /.*/);
    }
    await expect(switcher.locator('[aria-current="true"]')).toHaveCount(1);
  });

  test("switches to the English domain", async ({ page }) => {
    await page.goto(`${origin("nl")}/`);
    // The links' accessible names are the language names; the visible text is the code.
    const english = page.locator('footer nav.language-switcher a[hreflang="en"]');
    await expect(english).toHaveText("EN");
    await english.click();
    await expect(page).toHaveURL(`${origin("en")}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("main h1")).toHaveText(homePage("en").h1);
    const current = page.locator('footer nav.language-switcher a[aria-current="true"]');
    await expect(current).toHaveText("EN");
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto(`${origin("nl")}/`);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolations(page, "home with language switcher");
  });
});
