/**
 * UI texts in six languages, one JSON file per locale in src/locales, loaded lazily: each locale is
 * its own chunk, fetched once before the app renders. One i18next instance per render, so the
 * server renders many locales in one process without shared state.
 */
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";

export { formatPrice, intlLocale } from "./format";

export const LOCALES = ["nl", "en", "de", "es", "fr", "sv"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "nl";

export type Messages = { [key: string]: string | Messages };

const loaders = import.meta.glob<{ default: Messages }>("../../locales/*.json");

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[`../../locales/${locale}.json`];
  if (!load) throw new Error(`No UI texts for locale ${locale}`);
  return (await load()).default;
}

export function createI18n(locale: Locale, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: messages } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A missing text is a bug: tests fail on it, development shows it in the console.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, _ns, key) => {
      const message = `Missing UI text "${key}" in ${locale}`;
      if (import.meta.env.MODE === "test") throw new Error(message);
      console.error(message);
    },
  });
  return instance;
}

/** The page's locale: the language the app renders in (one per domain). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
