/** The header's mobile menu at a phone viewport: toggle state, focus handling, closing. */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { menus, message, mobileMenu, origin, routePath, waitForHydration } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

test.describe("mobile menu", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(`${origin("nl")}/`);
    await waitForHydration(page);
  });

  test("opens, moves focus into the panel, and closes with Escape", async ({ page }) => {
    const { toggle, panel } = await mobileMenu(page);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAccessibleName(message("nl", "header.openMenu"));
    await expect(panel).toBeHidden();
    await expect(panel).toHaveAttribute("hidden", "");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName(message("nl", "header.closeMenu"));
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: menus("nl").primary[0]?.title, exact: true })).toBeVisible();
    await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("closes after following a link in the panel", async ({ page }) => {
    const { toggle, panel } = await mobileMenu(page);
    await toggle.click();
    await expect(panel).toBeVisible();
    const first = menus("nl").primary[0];
    if (!first) throw new Error("The Dutch primary menu is empty");
    await panel.getByRole("link", { name: first.title, exact: true }).click();
    // The target may not exist yet in this build (a 404 screen); only the menu state matters here.
    await expect(page).toHaveURL(`${origin("nl")}${first.path}`);
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("has no serious or critical accessibility violations with the menu open", async ({ page }) => {
    const { toggle, panel } = await mobileMenu(page);
    await toggle.click();
    await expect(panel).toBeVisible();
    await expectNoSeriousA11yViolations(page, "home with the mobile menu open");
  });

  // At phone width the login link's label is visually hidden but still names the link.
  test("the login link has an accessible name", async ({ page }) => {
    const login = page.locator(`header a[href="${routePath("login", "nl")}"]`);
    await expect(login).toHaveCount(1);
    await expect(login).toHaveAccessibleName(message("nl", "header.login"), { timeout: 2000 });
  });
});
