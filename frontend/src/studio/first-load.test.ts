// @vitest-environment node
/**
 * Issue 27, point 16: the studio is its own chunks, and a shop page's first-load JavaScript
 * (the entry and its static imports, as scripts/size-report.mjs counts it) holds none of it.
 * Reads the client build (`npm run build` first; `make test` does): the manifest's static
 * import graph of the shop's entry, and which modules each chunk holds (chunk-modules.json).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { sizeReport } from "../../scripts/size-report.mjs";
import { sourceFiles } from "../testing/locale-checks";

const FRONTEND = join(import.meta.dirname, "..", "..");
const DIST = join(FRONTEND, "dist");
const ENTRY = "src/app/entry-client.tsx";
const STUDIO_ENTRY = "src/studio/studio.tsx";

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isDynamicEntry?: boolean };
const read = <T,>(name: string) => JSON.parse(readFileSync(join(DIST, ".vite", name), "utf8")) as T;

/** Manifest keys the shop's entry loads before anything else: itself and its static imports. */
function firstLoad(manifest: Record<string, Chunk>): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const name of manifest[key]?.imports ?? []) visit(name);
  };
  visit(ENTRY);
  return seen;
}

const isStudio = (group: string) => group.startsWith("src/studio") || group === "uqr";

describe("the studio in the build", () => {
  test("the build is there (npm run build)", () => {
    expect(existsSync(join(DIST, ".vite", "manifest.json")), "no frontend/dist: run npm run build first").toBe(true);
  });

  test("the studio is a chunk of its own, imported dynamically by the entry", () => {
    const manifest = read<Record<string, Chunk>>("manifest.json");
    expect(manifest[STUDIO_ENTRY]?.isDynamicEntry).toBe(true);
    expect(manifest[ENTRY]?.dynamicImports).toContain(STUDIO_ENTRY);
  });

  test("no module of the studio (nor its QR encoder) is in the shop entry's static import graph", () => {
    const manifest = read<Record<string, Chunk>>("manifest.json");
    const modules = read<Record<string, Record<string, number>>>("chunk-modules.json");
    const keys = firstLoad(manifest);
    expect(keys.size).toBeGreaterThan(3);
    const leaked = [...keys].flatMap((key) => {
      const file = manifest[key]?.file ?? "";
      return [...(isStudio(key) ? [key] : []), ...Object.keys(modules[file] ?? {}).filter(isStudio).map((group) => `${file}: ${group}`)];
    });
    expect(leaked).toEqual([]);
    // The studio's chunk does hold them: the check above looks at the right names.
    expect(Object.keys(modules[manifest[STUDIO_ENTRY]?.file ?? ""] ?? {})).toEqual(expect.arrayContaining(["src/studio/app.tsx", "uqr"]));
  });

  test("no shop page loads the studio's chunk, texts or styles first", () => {
    const manifest = read<Record<string, Chunk>>("manifest.json");
    const studioFiles = Object.entries(manifest)
      .filter(([key]) => key.startsWith("src/studio/"))
      .map(([, chunk]) => chunk.file);
    expect(studioFiles.length).toBe(7); // the studio and its texts in six languages
    const { pages } = sizeReport(DIST);
    const loaded = Object.entries(pages).flatMap(([page, first]) => first.chunks.filter((chunk) => studioFiles.includes(chunk.file)).map((chunk) => `${page}: ${chunk.file}`));
    expect(loaded).toEqual([]);
    const shopStyles = [...firstLoad(manifest)].flatMap((key) => manifest[key]?.css ?? []);
    expect(shopStyles.filter((file) => (manifest[STUDIO_ENTRY]?.css ?? []).includes(file))).toEqual([]);
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
