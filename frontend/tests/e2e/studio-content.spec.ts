/**
 * Editing and publishing in the studio (issue 28), in the Dutch studio of two editors
 * (backend/testkit/editing_states.py): an editor changes a home-page block in Dutch, opens the
 * preview link in a signed-out browser on the Dutch domain, publishes, and a visitor sees it;
 * axe checks the content list and the editor;
 * two editors save the same page, and the second gets the conflict screen and loses nothing.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectHeading, memberContext, providerState, STUDIO_SITE, studio } from "./studio-support";
import { origin } from "./support";

const EDITORS = "two signed-in studio editors";
const nl = (key: string, values: Record<string, string | number> = {}) => studio("nl", key, values);
const HOME_TITLE = "Splash — drijfpakjes en zwemlessen voor kinderen";
const OLD_INTRO = "Zelfverzekerd het water in";
const NEW_INTRO = "Zelfverzekerd het water in, ook in de winter";

/** The first block's title, typed into its field in the block list (forms from the models). */
async function setFirstBlockTitle(page: Page, title: string): Promise<void> {
  const field = page.locator(".studio-block").first().getByLabel(nl("blockFields.title"), { exact: true });
  await expect(field).toHaveValue(OLD_INTRO);
  await field.fill(title);
}

async function openEntry(page: Page, key: string, title: string): Promise<void> {
  await page.goto(`${STUDIO_SITE}/studio/content/page/${key}?locale=nl`);
  await expectHeading(page, nl("editing.heading", { title, language: nl("languages.nl") }));
}

const savedBy = (page: Page, email: string) => expect(page.locator(".studio-save-state")).toContainText(nl("editing.status.saved", { name: email, at: "" }).replace(/, \.$/, ""));

test("an editor changes a home-page block, previews it signed out, publishes, and a visitor sees it", async ({ browser, context, page, request }) => {
  test.setTimeout(120_000);
  const editors = await providerState(request, EDITORS);
  await memberContext(context, editors.session ?? "");

  // The Dutch pages, their tree and the overview of every language.
  await page.goto(`${STUDIO_SITE}/studio/content`);
  await expectHeading(page, nl("editing.contentTitle"));
  await expect(page.getByRole("table", { name: /^\d+ pagina's in het Nederlands$/ }).getByRole("link", { name: "Over ons", exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: nl("editing.overview.caption") })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "studio content list");

  await openEntry(page, "home", HOME_TITLE);
  await expectNoSeriousA11yViolations(page, "studio page editor");
  await setFirstBlockTitle(page, NEW_INTRO);
  await savedBy(page, editors.email ?? "");

  // The preview link, opened by someone without a studio account, shows the draft.
  await page.getByRole("button", { name: nl("editing.preview"), exact: true }).click();
  const link = await page.getByLabel(/^Voorbeeldlink \(/).inputValue();
  expect(link.startsWith(`${origin("nl")}/_preview/`)).toBe(true);
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  const preview = await visitor.goto(link);
  expect(preview?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(visitor.getByText(NEW_INTRO)).toBeVisible();
  // The public site still shows what is published.
  await visitor.goto(`${origin("nl")}/`);
  await expect(visitor.getByText(OLD_INTRO, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: nl("editing.publish"), exact: true }).click();
  await expect(page.getByText(nl("editing.published", { number: 1 }))).toBeVisible();

  // The worker republishes the home page; a visitor then sees the new text.
  await expect(async () => {
    await visitor.goto(`${origin("nl")}/`);
    await expect(visitor.getByText(NEW_INTRO)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await stranger.close();
});

test("two editors save the same page: the second gets the conflict screen and loses nothing", async ({ browser, context, page, request }) => {
  const editors = await providerState(request, EDITORS);
  await memberContext(context, editors.session ?? "");
  const otherContext = await browser.newContext();
  await memberContext(otherContext, editors.otherSession ?? "");
  const other = await otherContext.newPage();
  await openEntry(page, "about", "Over ons");
  await openEntry(other, "about", "Over ons");

  // The page's own title (the blocks below have titles of their own).
  const title = (on: Page) => on.locator("form").getByRole("textbox", { name: nl("editing.fields.title"), exact: true }).first();
  await title(page).fill("Over ons: wie wij zijn");
  await savedBy(page, editors.email ?? "");

  await title(other).fill("Over Splash en de zee");
  await other.getByRole("button", { name: nl("editing.saveNow") }).click();
  const conflict = other.getByRole("region", { name: nl("editing.conflict.title") });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(editors.email ?? "");
  await expect(title(other)).toHaveValue("Over Splash en de zee");

  await conflict.getByRole("button", { name: nl("editing.conflict.show") }).click();
  const changes = conflict.getByRole("table");
  await expect(changes.getByRole("row").filter({ hasText: "title" })).toContainText("Over ons: wie wij zijn");
  await expect(changes.getByRole("row").filter({ hasText: "title" })).toContainText("Over Splash en de zee");

  await conflict.getByRole("button", { name: nl("editing.conflict.keepMine") }).click();
  await expect(conflict).toBeHidden();
  await savedBy(other, editors.otherEmail ?? "");

  // The first editor, opening the page again, gets the second's text: nothing was lost.
  await page.reload();
  await expect(title(page)).toHaveValue("Over Splash en de zee");
  await otherContext.close();
});
