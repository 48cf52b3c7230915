/**
 * UI texts in six languages, one JSON file per locale in src/locales, loaded lazily: each locale is
 * its own chunk, fetched once before the app renders. One translator per render, so the server
 * renders many locales in one process without shared state (./translate.ts: why not i18next).
 */
import { useTranslation } from "./react";
import { createTranslator, type Messages, type Translator } from "./translate";

export { I18nProvider, Trans, useTranslation } from "./react";
export type { Messages, TFunction, TOptions, Translator } from "./translate";
export { formatPrice, intlLocale } from "./format";

export const LOCALES = ["nl", "en", "de", "es", "fr", "sv"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "nl";

// Each locale in two parts (vite.config.ts, uiTexts): what every page needs, and the account screens' texts.
const pageTexts = import.meta.glob<{ default: Messages }>("../../locales/*.json", { query: "?texts=page" });
const accountTexts = import.meta.glob<{ default: Messages }>("../../locales/*.json", { query: "?texts=account" });

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

async function load(parts: typeof pageTexts, locale: Locale): Promise<Messages> {
  const loader = parts[`../../locales/${locale}.json`];
  if (!loader) throw new Error(`No UI texts for locale ${locale}`);
  return (await loader()).default;
}

/** A locale's UI texts: only what every page needs (`account: false`, the browser's first load) or all. */
export async function loadMessages(locale: Locale, { account = true }: { account?: boolean } = {}): Promise<Messages> {
  const [page, rest] = await Promise.all([load(pageTexts, locale), account ? load(accountTexts, locale) : Promise.resolve({})]);
  return { ...page, ...rest };
}

let accountTextsLoader: (() => Promise<void>) | null = null;

/**
 * The browser started with a page's texts only: the account screens' texts are added to `messages`
 * (the page's translator reads them from there) when one of those screens first loads.
 */
export function deferAccountTexts(locale: Locale, messages: Messages): void {
  let loading: Promise<void> | null = null;
  accountTextsLoader = () => (loading ??= load(accountTexts, locale).then((more) => void Object.assign(messages, more)));
}

/** Resolves once the account screens' texts are there (at once on the server and in tests: they load all). */
export function ensureAccountTexts(): Promise<void> {
  return accountTextsLoader?.() ?? Promise.resolve();
}

export function createI18n(locale: Locale, messages: Messages): Translator {
  // A missing text is a bug: tests fail on it, the browser's console shows it.
  return createTranslator(locale, messages, (key) => {
    const message = `Missing UI text "${key}" in ${locale}`;
    if (import.meta.env.MODE === "test") throw new Error(message);
    console.error(message);
  });
}

/** The page's locale: the language the app renders in (one per domain). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
