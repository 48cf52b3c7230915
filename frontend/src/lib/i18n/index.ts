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

const loaders = import.meta.glob<{ default: Messages }>("../../locales/*.json");

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[`../../locales/${locale}.json`];
  if (!load) throw new Error(`No UI texts for locale ${locale}`);
  return (await load()).default;
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
