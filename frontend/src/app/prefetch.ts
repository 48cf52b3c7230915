/**
 * Link prefetch (spec §9): the payload of an internal link is fetched when the visitor shows
 * intent (hover, focus, touch) or the link scrolls into view in the main content — never on
 * slow connections (2g, slow-2g) or with data-saver on. The navigation then uses it: still
 * one request per navigation. On intent, the code its screen needs is asked for too
 * (`preload`, the router's preloadScreen), so the navigation renders at once; a link merely in
 * view costs no code.
 */
import { config } from "../lib/config";
import { fetchPayload, type Payload } from "./payload";

const KEEP_MS = 30_000;
const cache = new Map<string, { at: number; payload: Promise<Payload> }>();

type Connection = { saveData?: boolean; effectiveType?: string };

export function prefetchAllowed(connection: Connection | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !["slow-2g", "2g"].includes(connection.effectiveType ?? "");
}

/** What a screen's payload needs besides itself (its lazy chunks), asked for with it. */
export type PreloadCode = (payload: Payload) => Promise<unknown>;

export function prefetchPayload(pathname: string, preload?: PreloadCode, now = Date.now()): void {
  let cached = cache.get(pathname);
  if (!cached || now - cached.at >= KEEP_MS) {
    const payload = fetchPayload(pathname);
    payload.catch(() => cache.delete(pathname));
    cached = { at: now, payload };
    cache.set(pathname, cached);
  }
  if (preload) cached.payload.then(preload).catch(() => undefined); // the screen asks again
}

/** A prefetched payload for this path (used once), or a fresh request. */
export function takePayload(pathname: string, signal?: AbortSignal, now = Date.now()): Promise<Payload> {
  const cached = cache.get(pathname);
  cache.delete(pathname);
  return cached && now - cached.at < KEEP_MS ? cached.payload : fetchPayload(pathname, signal);
}

export function isApiPath(pathname: string): boolean {
  return pathname === config.apiPrefix || pathname.startsWith(`${config.apiPrefix}/`);
}

function internalPath(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target) return null;
  // An API link (e.g. the start of Google sign-in) is a full navigation to the server, not a page.
  if (isApiPath(link.pathname)) return null;
  return link.pathname === window.location.pathname ? null : link.pathname;
}

/** Starts intent and visibility prefetching for the whole document; returns a stop function. */
export function startPrefetching(doc: Document = document, preload?: PreloadCode): () => void {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (!prefetchAllowed(connection)) return () => undefined;
  const onIntent = (event: Event) => {
    const path = internalPath(event.target);
    if (path) prefetchPayload(path, preload);
  };
  const events = ["pointerover", "focusin", "touchstart"] as const;
  events.forEach((name) => doc.addEventListener(name, onIntent, { passive: true }));
  const observer =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver((entries) => {
          for (const entry of entries) {
            const path = entry.isIntersecting ? internalPath(entry.target) : null;
            if (path) prefetchPayload(path); // the payload only: code waits for intent
          }
        });
  const observeMain = () => doc.querySelectorAll("main a[href^='/']").forEach((link) => observer?.observe(link));
  observeMain();
  return () => {
    events.forEach((name) => doc.removeEventListener(name, onIntent));
    observer?.disconnect();
  };
}
