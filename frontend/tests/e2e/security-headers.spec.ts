/**
 * The Content-Security-Policy in force on every page type (issue 11, point 5): each page loads,
 * hydrates and runs with no `securitypolicyviolation` event and no CSP console error. The consent
 * embed's player is opened too (YouTube without cookies, answered by a stand-in: the internet is
 * not reachable here), since the frame is what the policy's frame-src must allow.
 */
import { expect, test, type Page } from "@playwright/test";
import { article, contactPage, contentPage, message, origin, product, routePath, waitForHydrated, waitForHydration } from "./support";

type Violation = { directive: string; blocked: string; source: string };

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<{ violations: () => Promise<Violation[]>; console: string[] }> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile });
    });
  });
  const console: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /content.security.policy|permissions.policy/i.test(msg.text())) console.push(msg.text());
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations),
    console,
  };
}

/** Opens a page and checks that the policy came with it: scripts from this origin and a nonce. */
async function open(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(`${origin("nl")}${path}`);
  expect(response?.status(), path).toBe(status);
  const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
  expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{22,}'/);
  expect(policy, path).toContain("frame-ancestors 'none'");
  await waitForHydration(page);
}

const PAGES: [string, () => string, number][] = [
  ["home", () => "/", 200],
  ["content page", () => contentPage("nl", "about").path, 200],
  ["blog article", () => article("nl", "first-swimming-lesson").path, 200],
  ["product list", () => contentPage("nl", "shop").path, 200],
  ["product", () => product("nl", "splash-float-suit").path, 200],
  ["cart", () => routePath("cart", "nl"), 200],
  ["login", () => routePath("login", "nl"), 200],
  ["404", () => "/deze-pagina-bestaat-niet", 404],
];

for (const [name, path, status] of PAGES) {
  test(`${name}: no CSP violation`, async ({ page }) => {
    const watch = await watchViolations(page);
    await open(page, path(), status);
    await page.waitForLoadState("networkidle");
    expect(await watch.violations()).toEqual([]);
    expect(watch.console).toEqual([]);
  });
}

test("a page with the contact form: the form's code loads under the policy", async ({ page }) => {
  const watch = await watchViolations(page);
  await open(page, contactPage("nl").path);
  await waitForHydrated(page, "form button[type=submit]");
  await page.waitForLoadState("networkidle");
  expect(await watch.violations()).toEqual([]);
  expect(watch.console).toEqual([]);
});

test("a page with the consent embed: the video player's frame is allowed", async ({ page }) => {
  const frames: string[] = [];
  await page.route("https://www.youtube-nocookie.com/**", async (route) => {
    frames.push(route.request().url());
    await route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" });
  });
  const watch = await watchViolations(page);
  await open(page, contentPage("nl", "academy-how-it-works").path);
  await page.getByRole("button", { name: message("nl", "blocks.embed.loadVideo") }).click();
  const frame = page.locator("iframe.embed-frame__iframe");
  await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await expect(page.frameLocator("iframe.embed-frame__iframe").locator("p")).toHaveText("player");
  expect(frames).toHaveLength(1);
  expect(await watch.violations()).toEqual([]);
  expect(watch.console).toEqual([]);
});

test("the policy does bite: an injected inline script is blocked and reported", async ({ page }) => {
  // Without this, a policy that never reached the browser would pass every test above.
  const watch = await watchViolations(page);
  await open(page, "/");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.appendChild(script);
  });
  await expect.poll(watch.violations).toEqual([expect.objectContaining({ directive: "script-src-elem", blocked: "inline" })]);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});
