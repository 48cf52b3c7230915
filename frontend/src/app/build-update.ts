/**
 * Build updates (spec §1): poll builds/latest.json; when its id differs from this build's, or its
 * `site` (the published site's build) from the one that rendered this page, the next navigation
 * is a full page load. A chunk that fails to load reloads the page, at most once
 * per 10 seconds (so a broken deployment cannot cause a reload loop).
 */
import { config } from "../lib/config";

const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = "splash:last-reload";
let outdated = false;

export function isOutdated(): boolean {
  return outdated;
}

/** The published site build that rendered this page (its shell's meta; none on the studio or a preview). */
export function loadedSiteBuild(doc: Document | undefined = globalThis.document): string | null {
  return doc?.querySelector('meta[name="splash-site-build"]')?.getAttribute("content") ?? null;
}

/**
 * Whether the site build `latest` replaces `loaded`. A build's id begins with its UTC time
 * (YYYYMMDDHHMMSS): for the moment instances take to switch after a publish, one that has not
 * yet answers with the build before, and a page loaded from the new one must not reload for it
 * (nor go back and forth). Builds of the same second count as newer when they differ.
 */
export function isNewerSite(latest: string, loaded: string): boolean {
  return latest !== loaded && latest.slice(0, 14) >= loaded.slice(0, 14);
}

export async function checkForUpdate(fetchImpl: typeof fetch = fetch, now = Date.now()): Promise<boolean> {
  try {
    const response = await fetchImpl(`/builds/latest.json?t=${now}`, { cache: "no-store" });
    if (!response.ok) return outdated;
    const latest = (await response.json()) as { id?: unknown; site?: unknown };
    if (typeof latest.id === "string" && latest.id !== config.buildId) outdated = true;
    // A publish (the studio's too) makes a new site build: a page rendered by an older one reloads.
    const loaded = loadedSiteBuild();
    if (typeof latest.site === "string" && loaded !== null && isNewerSite(latest.site, loaded)) outdated = true;
  } catch {
    // offline or a deploy in progress: try again next time
  }
  return outdated;
}

export function startUpdatePolling(intervalSeconds: number): () => void {
  const timer = setInterval(() => void checkForUpdate(), Math.max(10, intervalSeconds) * 1000);
  return () => clearInterval(timer);
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** Reload once; returns false when a reload happened less than 10 s ago. */
export function reloadGuarded(storage: Storage, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}

/** For tests only. */
export function resetUpdateState(): void {
  outdated = false;
}
