import { chromium } from "playwright";
import flags from "/work/main/frontend/chromium-flags.json" with { type: "json" };
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: flags });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "Accept-Language": "nl-NL" } });
const page = await context.newPage();
page.on("console", (m) => console.log("console", m.type(), m.text().slice(0, 300)));
page.on("pageerror", (e) => console.log("pageerror", e.message.slice(0, 300)));
await page.addInitScript(() => {
  window.__added = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) window.__added.push([performance.now() | 0, r.target.nodeName + (r.target.className ? "." + String(r.target.className).split(" ")[0] : ""), n.nodeName + (n.className ? "." + String(n.className).split(" ")[0] : ""), (n.textContent || "").slice(0, 40)]);
  }).observe(document, { childList: true, subtree: true });
});
for (const url of process.argv.slice(2)) {
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  const added = await page.evaluate(() => { const loaded = performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd; return window.__added.filter((a) => a[0] > loaded); });
  console.log(url, "nodes added after DOMContentLoaded:", added.length);
  for (const a of added.slice(0, 25)) console.log("   ", JSON.stringify(a));
}
await browser.close();
