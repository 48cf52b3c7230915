/**
 * The lesson player on a phone (issue 24, point 11): a free preview played on a 390 px touch
 * screen (coarse pointer) has every control and menu choice at least 44 px, a scrub bar with a
 * 44 px tall hit area across the player's width, and no volume slider (iOS ignores a page's
 * volume; mute stays). On a desktop the volume slider is there.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { contentPage, formText, message, origin, waitForHydrated, waitForHydration, type Locale } from "./support";

const TARGET = 44;

/** A signed-out visitor opens the course's first free preview and presses Play; the player is loaded and paused. */
async function openPlayer(page: Page, locale: Locale) {
  await page.goto(`${origin(locale)}${contentPage(locale, "academy").path}`);
  await waitForHydration(page);
  await page.locator(".block-academy-item").getByRole("link").click();
  await waitForHydrated(page, ".course-page .lesson-item a");
  const link = page.locator("#level-1 .lesson-item--preview").first().getByRole("link");
  const title = ((await link.locator(".lesson-item__name").textContent()) ?? "").trim();
  await link.click();
  await waitForHydration(page);
  const stage = page.getByRole("region", { name: formText(locale, "lesson.player", { title }) });
  await stage.getByRole("button", { name: message(locale, "lesson.controls.play"), exact: true }).first().click();
  const video = stage.locator("video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  // Paused, the controls stay shown (while playing they hide after a moment without a touch).
  await stage.locator("media-play-button").click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  return stage;
}

/** The visible controls of the player that are smaller than 44×44 px, with their sizes. */
async function smallTargets(page: Page): Promise<string[]> {
  const controls = page.locator(".lesson-player").locator("[role=button], media-time-range, media-volume-range");
  const small: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box === null) continue; // not shown (display: none)
    if (box.width < TARGET || box.height < TARGET) {
      small.push(`${await control.evaluate((element) => element.localName)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return small;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const locale of ["nl", "en", "de"] as const) {
    test(`every player control is a 44 px target, the scrub bar spans the player, no volume slider (${locale})`, async ({ page }) => {
      test.setTimeout(90_000);
      const stage = await openPlayer(page, locale);
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches), "a touch screen's coarse pointer").toBe(true);

      const buttons = stage.locator(".lesson-player [role=button]");
      expect(await buttons.count()).toBeGreaterThanOrEqual(6); // play, time, mute, captions, speed, fullscreen
      expect(await smallTargets(page)).toEqual([]);

      const player = await stage.locator("media-controller").boundingBox();
      const scrub = await stage.locator("media-time-range").boundingBox();
      expect(scrub?.height ?? 0).toBeGreaterThanOrEqual(TARGET);
      expect(scrub?.width ?? 0, "the scrub bar's share of the player's width").toBeGreaterThanOrEqual((player?.width ?? 0) * 0.6);

      await expect(stage.locator("media-volume-range")).toBeHidden();
      await expect(stage.locator("media-mute-button")).toBeVisible();
      await expectNoSeriousA11yViolations(page, `lesson player on a phone (${locale})`);

      // The captions menu's choices (off and six languages) are 44 px tall targets too.
      await stage.locator("media-captions-menu-button").click();
      const choices = stage.locator("media-captions-menu [role=menuitemradio]");
      await expect(choices).toHaveCount(7);
      for (const choice of await choices.all()) expect((await choice.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(TARGET);
    });
  }

  test("the player fits a 320 px phone with 44 px targets (de)", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await openPlayer(page, "de");
    expect(await smallTargets(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
  });
});

test("on a desktop the volume slider is there, next to mute (en)", async ({ page }) => {
  test.setTimeout(90_000);
  const stage = await openPlayer(page, "en");
  expect(await page.evaluate(() => matchMedia("(pointer: fine)").matches)).toBe(true);
  await expect(stage.locator("media-volume-range")).toBeVisible();
  await expect(stage.locator("media-mute-button")).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
});
