/**
 * A publish from the studio (issue 28, point 3) and a browser still on the previous build: a
 * visitor opened the Dutch home page before an editor (backend/testkit/editing_states.py)
 * published a change of its first block; once the worker has republished, the visitor's next
 * navigation is a full page load (spec §1, build updates; see build-update.spec.ts: Playwright's
 * clock fast-forwards the poll, a marker on window tells a client-side navigation from a full
 * load). The studio's screens for the same publish are studio-content.spec.ts's.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { providerState, STUDIO_SITE } from "./studio-support";
import { origin, routePath, waitForHydration } from "./support";

const EDITORS = "two signed-in studio editors over a fresh build";
const NEW_INTRO = "Zelfverzekerd het water in, ook in de winter";
const HOME = `${STUDIO_SITE}/api/studio/content/page/home?locale=nl`;

type Entry = { revision: number; document: { blocks: { title?: string }[] } };

/** The editor's save and publish of the home page's first block title, as the studio sends them. */
async function publishHomeIntro(request: APIRequestContext, session: string, title: string): Promise<void> {
  const headers = { cookie: `splash_studio=${session}` };
  const entry = ((await (await request.get(HOME, { headers })).json()) as { data: Entry }).data;
  const [first, ...rest] = entry.document.blocks;
  const document = { ...entry.document, blocks: [{ ...first, title }, ...rest] };
  const saved = await request.put(HOME, { headers, data: { revision: entry.revision, document } });
  expect(saved.status()).toBe(200);
  const revision = ((await saved.json()) as { data: { revision: number } }).data.revision;
  const published = await request.post(HOME.replace("?", "/publish?"), { headers, data: { revision } });
  expect(published.status()).toBe(200);
}

// The published site outlives a provider state's reset: put the fixtures' build back for the specs after this one.
test.afterEach(async ({ request }) => {
  await providerState(request, EDITORS);
});

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __e2eSamePage?: boolean }).__e2eSamePage ?? false);

test("a browser on the build before a publish reloads on its next navigation", async ({ page, request }) => {
  test.setTimeout(90_000);
  const editors = await providerState(request, EDITORS);
  await page.clock.install();
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { __e2eSamePage: true }));
  await expect(page.getByText(NEW_INTRO)).toHaveCount(0);

  await publishHomeIntro(request, editors.session ?? "", NEW_INTRO);
  // The worker's republish is out: a new visitor gets the new text.
  await expect.poll(async () => (await (await request.get(`${origin("nl")}/`)).text()).includes(NEW_INTRO), { timeout: 60_000 }).toBe(true);

  // The open page polls for a new build (hourly), then its next navigation loads in full.
  const polled = page.waitForResponse((response) => response.url().includes("/builds/latest.json"));
  await page.clock.runFor(3_600_000 + 1_000);
  await polled;
  await page.locator(`header a[href="${routePath("login", "nl")}"]`).click();
  await expect(page).toHaveURL(`${origin("nl")}${routePath("login", "nl")}`);
  await expect(page.locator("h1")).toBeVisible();
  expect(await marker(page)).toBe(false);
});
