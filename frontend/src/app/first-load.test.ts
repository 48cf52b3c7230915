// @vitest-environment node
/**
 * Issue 15: a content page's first-load JavaScript stays within its budget (gzip; the goal is
 * 90 KiB, scripts/size-report.mjs holds both), and forms, the lesson player and checkout stay out of it. Reads the client build (run `npm run build` first;
 * `make test` does); `npm run size` prints the whole report.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CONTENT_PAGES, FIRST_LOAD_BUDGET_KIB, sizeReport } from "../../scripts/size-report.mjs";

const DIST = join(import.meta.dirname, "..", "..", "dist");

describe("first-load JavaScript of the built SPA", () => {
  test("the build is there (npm run build)", () => {
    expect(existsSync(join(DIST, ".vite", "manifest.json")), "no frontend/dist: run npm run build first").toBe(true);
  });

  test.each(Object.keys(CONTENT_PAGES))(`%s: at most ${FIRST_LOAD_BUDGET_KIB} KiB gzip`, (page) => {
    const report = sizeReport(DIST);
    const first = report.pages[page];
    const kib = (first?.gzip ?? Infinity) / 1024;
    const parts = first?.chunks.map((chunk) => `${chunk.file} ${(chunk.gzip / 1024).toFixed(1)}`).join(", ");
    expect(kib, `${page}: ${kib.toFixed(1)} KiB (${parts})`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KIB);
  });

  test("the size report says what each dependency costs: its packages and source folders, not whole chunks", () => {
    const { costs } = sizeReport(DIST);
    expect(Object.keys(costs)).toEqual(expect.arrayContaining(["react-dom", "react-router", "i18next", "src/features/content"]));
    // The entry module itself is small; the whole entry chunk under its name means no breakdown.
    expect(costs["src/app/entry-client.tsx"] ?? 0).toBeLessThan(2 * 1024);
  });

  test("React Router is its production build: its development build's warnings are not shipped", () => {
    // The package's exports name only its development build; vite.config.ts takes the other.
    const assets = join(DIST, "assets");
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    const warned = scripts.filter((name) => readFileSync(join(assets, name), "utf8").includes("No routes matched location"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(warned).toEqual([]);
  });

  test("forms (formik, yup), the player (hls.js, media-chrome) and checkout are in no content page's first load", () => {
    const report = sizeReport(DIST);
    const lazy = ["src/features/academy/player/lesson-player.tsx", "node_modules/hls.js/dist/hls.mjs", "src/features/checkout/components/checkout-block.tsx", "src/features/content/components/form-block.tsx"];
    const files = lazy.map((key) => report.chunks[key]?.file);
    expect(files.every(Boolean), "each lazy part is a chunk of its own").toBe(true);
    const formsChunk = Object.entries(report.chunks).find(([key]) => key.startsWith("_forms"))?.[1].file;
    const leaked = Object.entries(report.pages).flatMap(([page, first]) =>
      first.chunks.filter((chunk) => [...files, formsChunk].includes(chunk.file)).map((chunk) => `${page}: ${chunk.file}`),
    );
    expect(leaked).toEqual([]);
  });
});
