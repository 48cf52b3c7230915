/**
 * Slugs that never break a link (issue 28, point 4), in the Dutch studio of two editors
 * (backend/testkit/editing_states.py): an editor renames a German article's slug and publishes;
 * once the worker's publish job has run, the old address on the German domain answers 301 with
 * the new one, the German sitemap lists the new address and not the old, and the article's pages
 * in the other languages give the new German address as their `de` alternate.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectHeading, memberContext, providerState, STUDIO_SITE, studio } from "./studio-support";
import { article, LOCALES, origin, PORT } from "./support";

const EDITORS = "two signed-in studio editors over a fresh build";
const ARTICLE = "first-swimming-lesson";
const NEW_SLUG = "erste-schwimmstunde-ohne-angst";
const nl = (key: string, values: Record<string, string | number> = {}) => studio("nl", key, values);

/** A GET on a language's domain from Node, which cannot resolve `de.localhost`: to the loopback with that Host. */
function get(request: APIRequestContext, url: string) {
  const { host, pathname } = new URL(url);
  return request.get(`http://127.0.0.1:${PORT}${pathname}`, { headers: { host }, maxRedirects: 0 });
}

/** The status and Location of a GET that does not follow redirects. */
async function answer(request: APIRequestContext, url: string): Promise<{ status: number; location: string | null }> {
  const response = await get(request, url);
  const location = response.headers()["location"];
  return { status: response.status(), location: location === undefined ? null : new URL(location, url).href };
}

async function germanAlternate(page: Page, url: string): Promise<string | null> {
  await page.goto(url);
  return page.locator('head link[rel="alternate"][hreflang="de"]').getAttribute("href");
}

// The published site outlives a provider state's reset: put the fixtures' build back for the specs after this one.
test.afterEach(async ({ request }) => {
  await providerState(request, EDITORS);
});

test("an editor renames a German article's slug: 301, sitemap and alternates follow", async ({ context, page, request }) => {
  test.setTimeout(120_000);
  const editors = await providerState(request, EDITORS);
  await memberContext(context, editors.session ?? "");
  const german = article("de", ARTICLE);
  const oldUrl = `${origin("de")}${german.path}`;
  const newPath = german.path.replace(new RegExp(`/${german.slug}$`), `/${NEW_SLUG}`);
  const newUrl = `${origin("de")}${newPath}`;
  expect(newPath).not.toBe(german.path);
  expect((await answer(request, oldUrl)).status).toBe(200);

  await page.goto(`${STUDIO_SITE}/studio/content/article/${ARTICLE}?locale=de`);
  await expectHeading(page, nl("editing.heading", { title: german.title, language: nl("languages.de") }));
  const slug = page.locator("form").getByRole("textbox", { name: nl("editing.fields.slug"), exact: true });
  await expect(slug).toHaveValue(german.slug);
  await slug.fill(NEW_SLUG);
  await expect(page.locator(".studio-save-state")).toContainText(nl("editing.status.saved", { name: editors.email ?? "", at: "" }).replace(/, \.$/, ""));
  await page.getByRole("button", { name: nl("editing.publish"), exact: true }).click();
  await expect(page.getByText(nl("editing.published", { number: 1 }))).toBeVisible();

  // The worker's publish job moves the article: the old address answers 301 with the new one.
  await expect.poll(() => answer(request, oldUrl), { timeout: 60_000 }).toEqual({ status: 301, location: newUrl });
  expect((await answer(request, newUrl)).status).toBe(200);

  // The German sitemap lists the new address, and the old one nowhere.
  const sitemap = await (await get(request, `${origin("de")}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${newUrl}</loc>`);
  expect(sitemap).not.toContain(`${oldUrl}<`);
  expect(sitemap).not.toContain(`"${oldUrl}"`);

  // Every other language's page of the article names the new German address as its alternate.
  for (const locale of LOCALES.filter((code) => code !== "de")) {
    expect(await germanAlternate(page, `${origin(locale)}${article(locale, ARTICLE).path}`), locale).toBe(newUrl);
  }
});
