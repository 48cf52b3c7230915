/**
 * The visitor's consent for statistics, marketing and embeds (videos, maps), kept in the `consent`
 * cookie as JSON `{statistics, marketing, embeds, savedAt}` for 365 days (path /, SameSite=Lax).
 *
 * Rendering never reads the cookie: `useConsent()` is `null` on the server and while hydrating, and
 * picks up the stored choice once mounted (so server and browser HTML agree). Saving notifies
 * every mounted `useConsent()` and dispatches a `splash:consent` window event for the app.
 */
import { useSyncExternalStore } from "react";
import { cookieValue, writeCookie } from "../../lib/cookies";

export const CONSENT_COOKIE = "consent";
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const CONSENT_EVENT = "splash:consent";

export type ConsentChoice = { statistics: boolean; marketing: boolean; embeds: boolean };
export type Consent = ConsentChoice & { savedAt: string };

export const NO_CONSENT: ConsentChoice = { statistics: false, marketing: false, embeds: false };

/** The consent stored in a cookie string (`document.cookie` or a Cookie header); null when absent or malformed. */
export function parseConsent(cookies: string): Consent | null {
  const raw = cookieValue(cookies, CONSENT_COOKIE);
  return raw === null ? null : decodeConsent(raw);
}

function decodeConsent(raw: string): Consent | null {
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  return {
    statistics: record.statistics === true,
    marketing: record.marketing === true,
    embeds: record.embeds === true,
    savedAt: typeof record.savedAt === "string" ? record.savedAt : "",
  };
}

/** Reads the stored consent from the browser's cookies; for effects and event handlers, never for rendering. */
export function readConsent(): Consent | null {
  return typeof document === "undefined" ? null : parseConsent(document.cookie);
}

// The last value read from the cookie, shared by every useConsent(); only refreshed outside render.
let cachedRaw: string | null = null;
let cached: Consent | null = null;
const listeners = new Set<() => void>();

/** Re-reads the cookie; true when the stored consent changed since the last read. */
function refresh(): boolean {
  if (typeof document === "undefined") return false;
  const raw = cookieValue(document.cookie, CONSENT_COOKIE);
  if (raw === cachedRaw) return false;
  cachedRaw = raw;
  cached = raw === null ? null : decodeConsent(raw);
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Runs after mount: the first moment the cookie may be read.
  if (refresh()) for (const notify of listeners) notify();
  return () => listeners.delete(listener);
}

/** Stores the visitor's choice in the consent cookie and tells every part of the page. */
export function writeConsent(choice: ConsentChoice, now: Date = new Date()): Consent {
  const consent: Consent = {
    statistics: choice.statistics,
    marketing: choice.marketing,
    embeds: choice.embeds,
    savedAt: now.toISOString(),
  };
  writeCookie(CONSENT_COOKIE, JSON.stringify(consent), CONSENT_MAX_AGE_SECONDS);
  refresh();
  for (const notify of listeners) notify();
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: consent }));
  return consent;
}

/** The stored consent: null on the server, while hydrating, and when the visitor has not chosen yet. */
export function useConsent(): Consent | null {
  return useSyncExternalStore(
    subscribe,
    () => cached,
    () => null,
  );
}
