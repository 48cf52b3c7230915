/**
 * The player's libraries stay out of the app's entry: hls.js and media-chrome load in chunks of
 * their own, only when a lesson page shows its player. Reads the browser build (`make build`,
 * which `make test` runs first): dist/.vite/manifest.json and the files it names.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

type Chunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const DIST = join(import.meta.dirname, "../../../../dist");
const MANIFEST = join(DIST, ".vite/manifest.json");
const PLAYER = "src/features/academy/player/lesson-player.tsx";
const LESSON_PAGE = "src/features/academy/lesson/components/lesson-page.tsx";
/** Strings only these libraries hold: media-chrome's controller element, an hls.js event name. */
const MEDIA_CHROME = "media-controller";
const HLS = "hlsManifestLoading";

function manifest(): Record<string, Chunk> {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`make build\` first`);
  return JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, Chunk>;
}

/** The chunk keys a page loads before any dynamic import: `from` and its static imports, transitively. */
function staticClosure(chunks: Record<string, Chunk>, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunks[key]?.imports ?? []) visit(imported);
  };
  visit(from);
  return seen;
}

const text = (chunk: Chunk) => readFileSync(join(DIST, chunk.file), "utf8");

describe("the player's chunks", () => {
  const chunks = manifest();
  const entry = Object.keys(chunks).find((key) => chunks[key]?.isEntry);
  const hls = Object.keys(chunks).find((key) => key.includes("node_modules/hls.js/"));

  test("hls.js (its full build) and the player are dynamic entries, the player imported by the lesson page only", () => {
    expect(hls).toBe("node_modules/hls.js/dist/hls.mjs");
    expect(chunks[hls ?? ""]?.isDynamicEntry).toBe(true);
    expect(chunks[PLAYER]?.isDynamicEntry).toBe(true);
    expect(chunks[PLAYER]?.dynamicImports).toContain(hls);
    const importers = Object.keys(chunks).filter((key) => [...(chunks[key]?.imports ?? []), ...(chunks[key]?.dynamicImports ?? [])].includes(PLAYER));
    expect(importers).toEqual([LESSON_PAGE]);
  });

  test("the markers are real: media-chrome is in the player's chunk, hls.js in its own", () => {
    expect(text(chunks[PLAYER] as Chunk)).toContain(MEDIA_CHROME);
    expect(text(chunks[hls ?? ""] as Chunk)).toContain(HLS);
  });

  test("neither library is in the entry or anything it loads statically, nor in the lesson page's own chunk", () => {
    expect(entry).toBe("src/app/entry-client.tsx");
    const loadedFirst = [...staticClosure(chunks, entry ?? ""), ...staticClosure(chunks, LESSON_PAGE)];
    expect(loadedFirst).not.toContain(PLAYER);
    for (const key of loadedFirst) {
      const source = text(chunks[key] as Chunk);
      expect(source.includes(MEDIA_CHROME), `${key} holds media-chrome`).toBe(false);
      expect(source.includes(HLS), `${key} holds hls.js`).toBe(false);
    }
  });
});
