/**
 * Where a parent's account page lives in each language. Editors own its slug ('mijn-splash' in
 * Dutch), so the paths are asked once per browser session through the slugify call and kept in
 * sessionStorage; until they arrive (and on the server, and if the call fails) the route table's
 * account path stands in.
 */
import { useSyncExternalStore } from "react";
import { api, type ApiClient } from "../api";
import type { Locale } from "../i18n";
import { routePath } from "../routes";
import { getPageSlugs } from "./get-page-slugs";

/** The account page as the content system knows it: its Dutch slug. */
const ACCOUNT_SLUG = "mijn-splash";
const ACCOUNT_SLUG_LOCALE = "nl";
const STORAGE_KEY = "splash:account-paths";

type Paths = Partial<Record<string, string>>;

let paths: Paths | null = null;
let asked = false;
const listeners = new Set<() => void>();

function readStored(): Paths | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return typeof value === "object" && value !== null ? (value as Paths) : null;
  } catch {
    return null;
  }
}

function store(next: Paths): void {
  paths = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the paths still hold for this page.
  }
  for (const notify of listeners) notify();
}

/** Asks the account page's path in every locale, once per session (the first caller's client is used). */
export async function resolveAccountPaths(client: ApiClient = api): Promise<void> {
  paths ??= readStored();
  if (paths || asked) return;
  asked = true;
  try {
    const { data } = await getPageSlugs(ACCOUNT_SLUG, ACCOUNT_SLUG_LOCALE, client);
    const found: Paths = { [data.locale]: data.path };
    // The account page sits at the top of the page tree, so its path is its slug.
    for (const translation of data.localizations) found[translation.locale] = `/${translation.slug}`;
    store(found);
  } catch {
    // The route table's paths stand in for the rest of the session.
  }
}

/** Forgets what was resolved (for tests: every test starts a new session). */
export function forgetAccountPaths(): void {
  paths = null;
  asked = false;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // After mount only: the first moment the browser's storage may be read and the API asked.
  const before = paths;
  void resolveAccountPaths().then(() => {
    if (paths !== before) listener();
  });
  return () => listeners.delete(listener);
}

/** The account page's path in this locale: the route table's until the slugify call answered. */
export function useAccountPath(locale: Locale): string {
  const fallback = routePath("account", locale);
  return useSyncExternalStore(
    subscribe,
    () => paths?.[locale] ?? fallback,
    () => fallback,
  );
}
