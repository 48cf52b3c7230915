// @vitest-environment node
/**
 * Issue 27, point 16: the studio is a build of its own (vite.config.ts, `--mode studio`), and a
 * shop page's first-load JavaScript (the entry and its static imports, as
 * scripts/size-report.mjs counts it) holds none of it: the shop is built again here with the
 * studio's sources out of reach, and every page's first load must be the same, byte for byte.
 * Reads the client builds (`npm run build` first; `make test` does).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Plugin } from "vite";
import { describe, expect, test } from "vitest";
import { sizeReport } from "../../scripts/size-report.mjs";
import { sourceFiles } from "../testing/locale-checks";

const FRONTEND = join(import.meta.dirname, "..", "..");
const DIST = join(FRONTEND, "dist");
const STUDIO_ENTRY = "src/studio/main.tsx";

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };
const read = <T,>(name: string, dist = DIST) => JSON.parse(readFileSync(join(dist, ".vite", name), "utf8")) as T;

/** The studio's modules and the packages only it uses (the QR encoder, the Slate rich-text editor). */
const isStudio = (group: string) => group.startsWith("src/studio") || group === "uqr" || /^slate(-react|-history)?$/.test(group);

/** Fails the build that reaches any module of the studio. */
const withoutStudio: Plugin = {
  name: "without-the-studio",
  load(id) {
    if (id.includes("/src/studio/")) this.error(`the shop's build reached the studio: ${id}`);
  },
};

describe("the studio in the build", () => {
  test("both builds are there (npm run build)", () => {
    expect(existsSync(join(DIST, ".vite", "manifest.json")), "no frontend/dist: run npm run build first").toBe(true);
    expect(existsSync(join(DIST, ".vite", "studio-manifest.json")), "no studio build: run npm run build").toBe(true);
  });

  test("the studio is its own entry; the shop's build holds no module of it (nor its QR encoder, nor Slate)", () => {
    const studio = read<Record<string, Chunk>>("studio-manifest.json");
    expect(studio[STUDIO_ENTRY]?.isEntry).toBe(true);
    const shop = read<Record<string, Chunk>>("manifest.json");
    expect(Object.keys(shop).filter(isStudio)).toEqual([]);
    const shopModules = read<Record<string, Record<string, number>>>("chunk-modules.json");
    expect(Object.entries(shopModules).flatMap(([file, groups]) => Object.keys(groups).filter(isStudio).map((group) => `${file}: ${group}`))).toEqual([]);
    // The studio's build does hold them: the check above looks at the right names.
    const studioModules = read<Record<string, Record<string, number>>>("studio-chunk-modules.json");
    expect(Object.keys(studioModules[studio[STUDIO_ENTRY]?.file ?? ""] ?? {})).toEqual(expect.arrayContaining(["src/studio/app.tsx", "uqr"]));
  });

  test("a shop page's first load is the same, byte for byte, with the studio's sources out of reach", async () => {
    const without = mkdtempSync(join(tmpdir(), "splash-shop-"));
    const buildId = read<{ id: string }>("../builds/latest.json").id;
    const before = { SPLASH_BUILD_ID: process.env.SPLASH_BUILD_ID, NODE_ENV: process.env.NODE_ENV };
    process.env.SPLASH_BUILD_ID = buildId; // the build id is in the entry's code
    process.env.NODE_ENV = "production"; // as `vite build` (Vitest's "test" makes React's development build)
    try {
      await build({ configFile: join(FRONTEND, "vite.config.ts"), root: FRONTEND, mode: "production", logLevel: "silent", plugins: [withoutStudio], build: { outDir: without, emptyOutDir: true } });
      const firstLoad = (dist: string) =>
        Object.fromEntries(Object.entries(sizeReport(dist).pages as Record<string, { chunks: { file: string; gzip: number }[] }>).map(([page, first]) => [page, first.chunks]));
      const shop = firstLoad(DIST);
      expect(Object.keys(shop).length).toBeGreaterThan(5);
      expect(firstLoad(without)).toEqual(shop);
    } finally {
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(without, { recursive: true, force: true });
    }
  }, 120_000);

  test("the studio's chunks, texts and styles are not the shop's", () => {
    const studio = read<Record<string, Chunk>>("studio-manifest.json");
    const studioFiles = Object.entries(studio)
      .filter(([key]) => key.startsWith("src/studio/"))
      .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])]);
    expect(studioFiles.length).toBeGreaterThanOrEqual(8); // the studio, its styles and its texts in six languages
    const shop = read<Record<string, Chunk>>("manifest.json");
    const shopFiles = new Set(Object.values(shop).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
    expect(studioFiles.filter((file) => shopFiles.has(file))).toEqual([]);
  });
});

describe("what the studio takes from shared code", () => {
  /** The names a file imports from `module` ("react-router"). */
  const importedNames = (file: string, module: string) =>
    [...readFileSync(file, "utf8").matchAll(new RegExp(`import \\{([^}]+)\\} from "${module}"`, "g"))].flatMap((match) =>
      (match[1] ?? "").split(",").map((name) => name.trim()).filter((name) => name && !name.startsWith("type ")),
    );

  test("react-router: only what the shop uses (its one shared chunk is tree-shaken by what either uses)", () => {
    const src = join(FRONTEND, "src");
    const studio = sourceFiles(join(src, "studio")).flatMap((file) => importedNames(file, "react-router"));
    const shop = new Set(sourceFiles(src, [join(src, "studio"), join(src, "testing")]).flatMap((file) => importedNames(file, "react-router")));
    expect(studio).toContain("createBrowserRouter");
    expect(studio.filter((name) => !shop.has(name))).toEqual([]);
  });
});
