/**
 * The footer's social icons draw as their marks, not as filled squares: each icon's paths are
 * filled onto a canvas with their fill rules, and the inked share of the box and its centre read.
 */
import { expect, test } from "@playwright/test";
import { origin, waitForHydration } from "./support";

test("the social icons are their marks: Instagram's lens is a ring, none is a filled square", async ({ page }) => {
  await page.goto(`${origin("nl")}/`);
  await waitForHydration(page);
  const drawn = await page.evaluate(() => {
    const size = 48;
    const icons = [...document.querySelectorAll<SVGSVGElement>("footer a[href] svg")];
    return icons.map((icon) => {
      // Each path filled as the browser's SVG renderer fills it (its fill rule; nonzero by default).
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = size;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d context");
      context.scale(size / 24, size / 24);
      for (const path of icon.querySelectorAll("path")) {
        const rule = path.getAttribute("fill-rule") === "evenodd" ? "evenodd" : "nonzero";
        context.fill(new Path2D(path.getAttribute("d") ?? ""), rule);
      }
      const alpha = context.getImageData(0, 0, size, size).data.filter((_, i) => i % 4 === 3);
      const link = icon.closest("a")?.textContent ?? "";
      return { link, inked: alpha.filter((a) => a > 127).length / alpha.length, centre: alpha[(size / 2) * size + size / 2] ?? 0 };
    });
  });

  expect(drawn.length).toBeGreaterThanOrEqual(5);
  for (const icon of drawn) expect(icon.inked, `${icon.link} inks ${icon.inked}`).toBeLessThan(0.6);
  const instagram = drawn.find((icon) => /instagram/i.test(icon.link));
  expect(instagram?.centre, "Instagram's lens is open in the middle").toBe(0);
});
