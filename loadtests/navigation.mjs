/**
 * Client-side navigation to a prefetched page, in Debian's Chromium (Playwright's library from
 * frontend/node_modules; never a browser download). For each case: open the page, wait until
 * it has hydrated, hover the link (the SPA prefetches the payload on intent) and let the network
 * settle, then click and time, inside the page, from the click to the first frame painted after
 * the new page's h1 and address are in place. The same page opened fresh (its first contentful
 * paint) is measured beside it: the budget is their ratio, which holds on a slower machine.
 *
 *   node loadtests/navigation.mjs --origin http://localhost:8000 [--runs 10]
 *
 * Prints one JSON object: {case: {navigation: [ms…], fresh: [ms…]}} (loadtests/bench.py reads it).
 */
import { createRequire } from "node:module";
import { parseArgs } from "node:util";

const require = createRequire(new URL("../frontend/package.json", import.meta.url));
const { chromium } = require("@playwright/test");

/** From a page (Dutch domain) by its link to another. */
export const CASES = {
  "home → product list": { from: "/", to: "/shop" },
  "product list → product": { from: "/shop", to: "/shop/splash-drijfpak" },
  "blog → article": { from: "/blog", to: "/blog/de-eerste-zwemles" },
  "course → lesson": { from: "/academy/leren-zwemmen", to: "/academy/leren-zwemmen/spetteren-en-een-nat-gezicht" },
};
const CHROMIUM_FLAGS = require("./chromium-flags.json");

async function hydrated(page) {
  await page.waitForFunction(() => {
    const toggle = document.querySelector("header button.menu-toggle");
    return toggle !== null && Object.keys(toggle).some((key) => key.startsWith("__reactProps$"));
  });
}

/** Milliseconds from the click on the link to `to` until the frame that shows its h1. */
async function navigate(page, origin, { from, to }) {
  await page.goto(origin + from);
  await hydrated(page);
  const link = page.locator(`a[href="${to}"]:visible`).first();
  await link.scrollIntoViewIfNeeded();
  await link.hover();
  await page.waitForLoadState("networkidle");
  return page.evaluate(
    (target) =>
      new Promise((resolve, reject) => {
        const before = document.querySelector("main h1")?.textContent;
        const link = [...document.querySelectorAll(`a[href="${target}"]`)].find((a) => a.checkVisibility());
        if (!link) return reject(new Error(`no link to ${target}`));
        const start = performance.now();
        const arrived = () => {
          const heading = document.querySelector("main h1");
          if (location.pathname === target && heading && heading.textContent !== before) {
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          } else if (performance.now() - start > 10_000) {
            reject(new Error(`${target} did not appear within 10 s`));
          } else requestAnimationFrame(arrived);
        };
        link.click();
        requestAnimationFrame(arrived);
      }),
    to,
  );
}

/** The first contentful paint of `to` opened fresh (cached assets, as after a visit). */
async function fresh(page, origin, { to }) {
  await page.goto(origin + to);
  await hydrated(page);
  return page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null);
}

async function main() {
  const { values } = parseArgs({ options: { origin: { type: "string" }, runs: { type: "string", default: "10" } } });
  if (!values.origin) throw new Error("--origin is required");
  const runs = Number(values.runs);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ locale: "nl-NL", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const results = {};
    for (const [name, route] of Object.entries(CASES)) {
      await navigate(page, values.origin, route); // warm: assets in the cache, code compiled
      const result = { navigation: [], fresh: [] };
      for (let run = 0; run < runs; run += 1) {
        result.navigation.push(await navigate(page, values.origin, route));
        result.fresh.push(await fresh(page, values.origin, route));
      }
      results[name] = result;
    }
    process.stdout.write(`${JSON.stringify(results)}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(2);
});
