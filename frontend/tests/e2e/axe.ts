/**
 * Accessibility check with axe-core: a page passes when axe finds no violation of impact
 * "serious" or "critical". The failure message lists each such violation's id and targets.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const BLOCKING = new Set(["serious", "critical"]);

export async function expectNoSeriousA11yViolations(page: Page, context = "page"): Promise<void> {
  // The settled page: a screen that fades out while the next one loads (.page-transition
  // data-state="out") and in once it shows is half transparent for a moment, and its colours
  // would be measured against the page behind it. So: no screen fading out, two frames for a
  // screen just shown to start its animation, then every finite animation finished. (Endless
  // animations, such as the marquee, never finish: they are not waited for.)
  await page.waitForFunction(() => !document.querySelector('.page-transition[data-state="out"]'));
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
  const report = blocking
    .map((violation) => {
      const targets = violation.nodes.map((node) => JSON.stringify(node.target)).join(", ");
      return `- ${violation.id} (${violation.impact}): ${violation.help}\n    targets: ${targets}`;
    })
    .join("\n");
  expect(
    blocking.map((violation) => violation.id),
    `axe found serious/critical violations on ${context} (${page.url()}):\n${report}`,
  ).toEqual([]);
}
