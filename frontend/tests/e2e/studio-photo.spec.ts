/**
 * A photo from a phone, from the studio to the site (issue 28, media picker): an editor
 * (backend/testkit/studio_media_states.py) uploads a JPEG carrying its GPS position in its EXIF
 * (made by backend/testkit/photos.py); once the worker has made the variants, no stored file
 * keeps any of its EXIF, XMP or comment. The editor puts it in the Dutch home page's first block
 * through the media picker (by keyboard; axe checks the dialog); publishing is refused, naming
 * the image's alt text, until the image has a Dutch alt text in the media library; then it is
 * published, and the public page serves the image with a srcset of its variants.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expectHeading, memberContext, providerState, STUDIO_SITE, studio } from "./studio-support";
import { origin } from "./support";

const STATE = "a signed-in studio editor with a photo carrying its GPS position";
const FILE = "strandfoto-gps.jpg";
const HOME_TITLE = "Splash — drijfpakjes en zwemlessen voor kinderen"; // fixtures/nl/pages/home.yaml
const ALT = "Kind in een blauw drijfpak aan de rand van het zwembad";
const nl = (key: string, values: Record<string, string | number> = {}) => studio("nl", key, values);
const DUTCH = nl("languages.nl");

type MediaItem = { id: number; url: string; variantsStatus: string; variants: { url: string; format: string; width: number }[] };

/** What a phone writes beside the pixels: EXIF (its APP1 "Exif" header, WebP's and AVIF's "EXIF"/"Exif"), XMP, the maker, the comment. */
const METADATA = ["Exif", "EXIF", "xmpmeta", "XMP ", "Anna Jansen", "Splash Camera", "a secret comment"];
const metadataIn = (bytes: Buffer) => METADATA.filter((marker) => bytes.includes(marker));

/** Whether the EXIF of a JPEG names a GPS position (its GPSInfo tag, 0x8825, in either byte order). */
function hasGpsPosition(jpeg: Buffer): boolean {
  const at = jpeg.indexOf("Exif\0\0");
  if (at < 0) return false;
  const exif = jpeg.subarray(at, at + 0xffff);
  const bigEndian = exif.subarray(6, 8).toString("latin1") === "MM";
  return exif.includes(Buffer.from(bigEndian ? [0x88, 0x25] : [0x25, 0x88]));
}

const absolute = (url: string) => (url.startsWith("/") ? `${STUDIO_SITE}${url}` : url);

async function libraryItem(request: APIRequestContext, id: number): Promise<MediaItem> {
  const response = await request.get(`${STUDIO_SITE}/api/studio/media/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: MediaItem }).data;
}

async function openHome(page: Page): Promise<void> {
  await page.goto(`${STUDIO_SITE}/studio/content/page/home?locale=nl`);
  await expectHeading(page, nl("editing.heading", { title: HOME_TITLE, language: DUTCH }));
}

const firstBlockImage = (page: Page) => page.locator(".studio-block").first().getByRole("group", { name: nl("blockFields.image") });

test("a phone's photo loses its GPS position, is picked into a block, and is published once it has Dutch alt text", async ({ browser, context, page }) => {
  test.setTimeout(180_000); // the worker makes WebP and AVIF variants of a 1600-pixel photo
  const editor = await providerState(page.request, STATE);
  await memberContext(context, editor.session ?? "");
  const photo = Buffer.from(editor.photo ?? "", "base64");
  expect(hasGpsPosition(photo)).toBe(true); // the photo as a phone wrote it
  expect(metadataIn(photo)).toEqual(expect.arrayContaining(["Exif", "Splash Camera", "Anna Jansen", "a secret comment"]));

  // The upload in the media library; the worker then makes its variants.
  await page.goto(`${STUDIO_SITE}/studio/media`);
  await expectHeading(page, nl("media.title"));
  const uploaded = page.waitForResponse((response) => response.url().endsWith("/api/studio/media") && response.request().method() === "POST");
  await page.getByLabel(nl("media.upload"), { exact: true }).setInputFiles({ name: FILE, mimeType: "image/jpeg", buffer: photo });
  const answer = await uploaded;
  expect(answer.status()).toBe(201);
  const id = ((await answer.json()) as { data: MediaItem }).data.id;
  await expect(page.getByText(nl("media.uploaded", { name: FILE }))).toBeVisible();
  await expect.poll(async () => (await libraryItem(page.request, id)).variantsStatus, { timeout: 120_000 }).toBe("ready");

  // Every stored file, as served: the cleaned original and each variant, without any metadata.
  const item = await libraryItem(page.request, id);
  expect(item.variants.map((variant) => variant.format).sort()).toEqual(expect.arrayContaining(["avif", "webp"]));
  for (const url of [item.url, ...item.variants.map((variant) => variant.url)]) {
    const file = await page.request.get(absolute(url));
    expect(file.status(), url).toBe(200);
    const bytes = await file.body();
    expect(bytes.length, url).toBeGreaterThan(100);
    expect({ url, metadata: metadataIn(bytes), gps: hasGpsPosition(bytes) }).toEqual({ url, metadata: [], gps: false });
  }

  // The home page's first block: its image chosen in the picker, by keyboard.
  await openHome(page);
  const image = firstBlockImage(page);
  const choose = image.getByRole("button", { name: nl("picker.choose") });
  await choose.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: nl("picker.title") });
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole("searchbox", { name: nl("media.search") });
  await expect(search).toBeFocused();
  await expect(dialog.getByRole("button", { name: new RegExp(FILE) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "media picker");
  await page.keyboard.press("Escape"); // closes, and gives the focus back to the button
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();
  await page.keyboard.press("Enter");
  await search.fill("strandfoto");
  const tiles = dialog.getByRole("list", { name: nl("picker.images") }).getByRole("button");
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText(nl("picker.noAlt", { language: DUTCH }));
  await page.keyboard.press("Tab");
  await expect(tiles.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(image.getByRole("button", { name: nl("picker.change") })).toBeFocused();
  await expect(image.getByText(nl("picker.noAltYet", { language: DUTCH }))).toBeVisible();

  // Publishing is refused while the image has no Dutch alt text, naming it at the image.
  await page.getByRole("button", { name: nl("editing.publish"), exact: true }).click();
  await expect(page.getByText(nl("editing.publishRefused_one", { count: 1 }))).toBeVisible();
  await expect(image.getByText(nl("editing.errors.libraryAlt"))).toBeVisible();

  // The Dutch alt text, given in the media library.
  await page.goto(`${STUDIO_SITE}/studio/media`);
  await expectHeading(page, nl("media.title"));
  await page.locator(`#studio-media-${id}`).click();
  const detail = page.getByRole("region", { name: FILE });
  await detail.getByLabel(DUTCH, { exact: true }).fill(ALT);
  await detail.getByRole("button", { name: nl("media.saveAlt") }).click();
  await expect(page.getByText(nl("media.altSaved"))).toBeVisible();

  // Back in the page: the alt text shows at the image, and publishing succeeds.
  await openHome(page);
  await expect(firstBlockImage(page).getByText(ALT)).toBeVisible();
  await page.getByRole("button", { name: nl("editing.publish"), exact: true }).click();
  await expect(page.getByText(nl("editing.published", { number: 1 }))).toBeVisible();

  // The worker republishes the home page: a visitor gets the image with its variants.
  const visitor = await (await browser.newContext()).newPage();
  const shown = visitor.locator(".block-intro").first().getByRole("img", { name: ALT });
  await expect(async () => {
    await visitor.goto(`${origin("nl")}/`);
    await expect(shown).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(shown).toHaveAttribute("srcset", new RegExp(`/library/${id}/.+ \\d+w`));
  await expect(shown).toHaveAttribute("src", item.url);
  await visitor.context().close();
});
