/**
 * A lesson's video panel (issue 28, point 7): an editor (backend/testkit/lesson_video_states.py)
 * sends a new video for the first lesson — a clear two-second MPEG-TS segment of the fixtures,
 * a real video — sees its progress, then the worker's import until the lesson plays it; then
 * German captions (a broken file refused naming its line, a good one saved) and a poster. axe
 * checks the panel. The lesson (a free preview) then plays the new video on the German site, for
 * a signed-out visitor, with the new German captions showing.
 */
import { resolve } from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectHeading, memberContext, providerState, STUDIO_SITE, studio } from "./studio-support";
import { contentPage, formText, message, origin, waitForHydration } from "./support";

const STATE = "a signed-in studio editor, a lesson with its video and an upload under way";
const FIXTURES = resolve(import.meta.dirname, "../../../fixtures");
const VIDEO = resolve(FIXTURES, "videos/level-1-lesson-2/v1/s000.ts");
const POSTER = resolve(FIXTURES, "media/academy/level-1-lesson-2.webp");
const LESSON_DE = "Planschen und ein nasses Gesicht"; // fixtures/de/academy.yaml, level-1-lesson-1
const en = (key: string, values: Record<string, string | number> = {}) => studio("en", key, values);

test("an editor sends a lesson video, follows its import, and adds captions and a poster", async ({ browser, page, context, request }) => {
  test.setTimeout(180_000); // the worker transcodes the video into two renditions
  const editor = await providerState(request, STATE);
  await memberContext(context, editor.session ?? "");

  await page.goto(`${STUDIO_SITE}/studio/lessons/${editor.lessonId}/video`);
  await expectHeading(page, en("lessonVideo.title", { id: editor.lessonId ?? "" }));
  await expect(page.getByText(/^The lesson plays a video of \d+ s\.$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "studio lesson video");

  // The video: sent, then imported by the worker; the panel follows it to the end.
  await page.getByLabel(en("lessonVideo.file")).setInputFiles(VIDEO);
  await page.getByRole("button", { name: en("lessonVideo.send") }).click();
  await expect(page.getByText(en("lessonVideo.imported", { name: "s000.ts" }))).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(en("lessonVideo.plays", { seconds: 2 }))).toBeVisible();

  // Captions: a broken file names its line; a good one is listed for its language.
  await page.getByLabel(en("lessonVideo.captionsPick", { language: en("languages.de") })).setInputFiles({
    name: "de.vtt",
    mimeType: "text/vtt",
    buffer: Buffer.from("WEBVTT\n\n00:00.000 -> 00:02.000\nBlasen pusten\n"),
  });
  const line = en("lessonVideo.captionsLine", { line: 3, rule: en("lessonVideo.vttRules.timing") });
  await expect(page.getByRole("alert").filter({ hasText: line })).toBeVisible();
  await page.getByLabel(en("lessonVideo.captionsPick", { language: en("languages.de") })).setInputFiles({
    name: "de.vtt",
    mimeType: "text/vtt",
    buffer: Buffer.from("WEBVTT\n\n00:00.000 --> 00:02.000\nBlasen pusten\n"),
  });
  await expect(page.getByText(en("lessonVideo.captionsSaved", { language: en("languages.de") }))).toBeVisible();
  const german = page.getByRole("row", { name: new RegExp(en("languages.de")) });
  const captionsLink = german.getByRole("link", { name: en("lessonVideo.captionsShow") });
  await expect(captionsLink).toHaveAttribute("href", /\/captions\/de-[0-9a-f]{16}\.vtt$/);
  const captions = ((await captionsLink.getAttribute("href")) ?? "").split("/").at(-1) ?? "";

  // The poster: an image of the fixtures, stored as WebP under the lesson's own name.
  await page.getByLabel(en("lessonVideo.posterPick")).setInputFiles(POSTER);
  await expect(page.getByText(en("lessonVideo.posterSaved"))).toBeVisible();
  await expect(page.getByRole("img", { name: en("lessonVideo.posterNow") })).toHaveAttribute("src", /\/posters\/[0-9a-f]{16}\.webp$/);

  await expectLessonPlaysNewVideo(browser, captions);
});

/**
 * A signed-out visitor on the German site: the academy page, the course, the first lesson (a free
 * preview) and Play, until its player carries the captions file `captions` (the worker
 * republishes every page after an import or new captions): the video is the new one (two
 * seconds, not the fixtures' seven), its time advances, and the new German captions show.
 */
async function expectLessonPlaysNewVideo(browser: Browser, captions: string): Promise<void> {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const stage = page.getByRole("region", { name: formText("de", "lesson.player", { title: LESSON_DE }) });
  await expect(async () => {
    await page.goto(`${origin("de")}${contentPage("de", "academy").path}`);
    await page.locator(".block-academy-item").getByRole("link").click();
    await page.locator(".lesson-item a").filter({ hasText: LESSON_DE }).click();
    await waitForHydration(page);
    await stage.getByRole("button", { name: message("de", "lesson.controls.play"), exact: true }).first().click();
    await expect(stage.locator('video track[srclang="de"]')).toHaveAttribute("src", new RegExp(`/${captions}$`), { timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  const video = stage.locator("video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(2);
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) =>
        [...element.textTracks].filter((track) => track.mode === "showing").map((track) => [track.language, track.cues?.[0] ? (track.cues[0] as VTTCue).text : null]),
      ),
    )
    .toEqual([["de", "Blasen pusten"]]);
  await visitor.close();
}
