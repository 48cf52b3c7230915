/**
 * Where a page that editors own lives in each language (the account page 'mijn-splash', the
 * privacy policy 'privacybeleid' in Dutch): asked once per browser session through the slugify
 * call and kept in sessionStorage; until the answer arrives (and on the server, and if the call
 * fails) the caller's fallback paths stand in.
 */
import { useSyncExternalStore } from "react";
import { api, type ApiClient } from "../api";
import type { Locale } from "../i18n";
import { getPageSlugs } from "./get-page-slugs";

type Paths = Partial<Record<string, string>>;

export type PagePaths = {
  /** Asks the page's path in every locale, once per session (the first caller's client is used). */
  resolve: (client?: ApiClient) => Promise<void>;
  /** Forgets what was resolved (for tests: every test starts a new session). */
  forget: () => void;
  /** The page's path in this locale: the fallback until the slugify call answered. */
  usePath: (locale: Locale) => string;
};

/** A page known by its Dutch slug; `fallback` gives its path in a locale until the real one is known. */
export function pagePaths(dutchSlug: string, fallback: (locale: Locale) => string): PagePaths {
  const storageKey = `splash:page-paths:${dutchSlug}`;
  let paths: Paths | null = null;
  let asked = false;
  const listeners = new Set<() => void>();

  function readStored(): Paths | null {
    try {
      const raw = window.sessionStorage.getItem(storageKey);
      const value: unknown = raw ? JSON.parse(raw) : null;
      return typeof value === "object" && value !== null ? (value as Paths) : null;
    } catch {
      return null;
    }
  }

  function store(next: Paths): void {
    paths = next;
    try {
      window.sessionStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Private mode or a full storage: the paths still hold for this page.
    }
    for (const notify of listeners) notify();
  }

  async function resolve(client: ApiClient = api): Promise<void> {
    paths ??= readStored();
    if (paths || asked) return;
    asked = true;
    try {
      const { data } = await getPageSlugs(dutchSlug, "nl", client);
      const found: Paths = { [data.locale]: data.path };
      // These pages sit at the top of the page tree, so a translation's path is its slug.
      for (const translation of data.localizations) found[translation.locale] = `/${translation.slug}`;
      store(found);
    } catch {
      // The fallback paths stand in for the rest of the session.
    }
  }

  function forget(): void {
    paths = null;
    asked = false;
    try {
      window.sessionStorage.removeItem(storageKey);
    } catch {
      // nothing stored
    }
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // After mount only: the first moment the browser's storage may be read and the API asked.
    const before = paths;
    void resolve().then(() => {
      if (paths !== before) listener();
    });
    return () => listeners.delete(listener);
  }

  function usePath(locale: Locale): string {
    const standIn = fallback(locale);
    return useSyncExternalStore(
      subscribe,
      () => paths?.[locale] ?? standIn,
      () => standIn,
    );
  }

  return { resolve, forget, usePath };
}
