/**
 * UI texts in six languages, one JSON file per locale in src/locales, loaded lazily: each locale is
 * its own chunk, fetched once before the app renders. One i18next instance per render, so the
 * server renders many locales in one process without shared state.
 */
import i18next, { type i18n as I18n } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext, initReactI18next } from "react-i18next";

export { formatDuration, formatList, formatLongDate, formatPrice, isoDuration } from "./format";

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

/**
 * The app's texts: `t` and the instance the app was given (I18nextProvider). react-i18next's own
 * hook of this name copies the instance and builds a fresh `t` for every component it renders
 * (about a sixth of a page's render time when publishing), to follow a language that changes at
 * run time; here a domain's language never changes, so one `t` per instance serves.
 */
export function useTranslation(): { t: I18n["t"]; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return { t: keptTexts(i18n), i18n };
}

const kept = new WeakMap<I18n, I18n["t"]>();
const KEPT_TEXTS = 5000; // a publish renders thousands of pages; what it keeps stays small

/**
 * What a text is kept by: its key, with its values when they are plain (a name, a count); none
 * for options of another kind (a default value, objects), which are looked up each time.
 */
function textKey(key: unknown, options: unknown[]): string | undefined {
  if (typeof key !== "string" || options.length > 1) return undefined;
  const [values] = options;
  if (values === undefined) return key;
  if (typeof values !== "object" || values === null) return undefined;
  const plain = Object.values(values).every((value) => ["string", "number", "boolean"].includes(typeof value));
  return plain ? `${key}\0${JSON.stringify(values)}` : undefined;
}

/**
 * A text asked for without values that is plain as written (no values to fill in, no text nested
 * in it): i18next's first lookup of a key runs its whole pipeline (about a fifth of a page's
 * hydration), for a string it would hand back unchanged. Undefined otherwise, and for a missing key.
 */
function plainText(i18n: I18n, key: string): string | undefined {
  const text: unknown = i18n.getResource(i18n.language, "translation", key);
  return typeof text === "string" && !/\{\{|\$t\(/.test(text) ? text : undefined;
}

/**
 * The instance's `t`, keeping each text it made: a page asks for the same labels (menus,
 * buttons, the footer) again and again, and i18next looks a key up, picks its plural and fills
 * in its values anew every time.
 */
function keptTexts(i18n: I18n): I18n["t"] {
  let t = kept.get(i18n);
  if (!t) {
    const texts = new Map<string, string>();
    const lookUp = i18n.t as unknown as (...args: unknown[]) => string;
    t = ((key: unknown, ...options: unknown[]) => {
      const keptBy = textKey(key, options);
      if (keptBy === undefined) return lookUp(key, ...options);
      let text = texts.get(keptBy);
      if (text === undefined) {
        if (texts.size >= KEPT_TEXTS) texts.clear();
        text = (keptBy === key && plainText(i18n, key)) || lookUp(key, ...options);
        texts.set(keptBy, text);
      }
      return text;
    }) as unknown as I18n["t"];
    kept.set(i18n, t);
  }
  return t;
}

/** The page's locale: the language the app renders in (one per domain). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
