/** Numbers and money in the page's language, the same text on the server and in the browser. */

/** The shop's languages with the region of their domain (the English shop is British). */
const INTL_LOCALES: Record<string, string> = { nl: "nl-NL", en: "en-GB", de: "de-DE", es: "es-ES", fr: "fr-FR", sv: "sv-SE" };

export function intlLocale(language: string): string {
  return INTL_LOCALES[language] ?? language;
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/** An amount of euro cents as a price, e.g. 4995 → "€ 49,95" (nl) or "€49.95" (en). */
export function formatPrice(cents: number, language: string): string {
  let format = priceFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), { style: "currency", currency: "EUR" });
    priceFormats.set(language, format);
  }
  return format.format(cents / 100);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A long date in the page's language ("1 May 2025", "1 mei 2025"), on the calendar of `timeZone`
 * (the browser's own when not given). One formatter per language and zone: making one costs more
 * than the formatting, and a published page formats many dates.
 */
export function formatLongDate(date: Date, language: string, timeZone?: string): string {
  const key = `${language} ${timeZone ?? ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone });
    dateFormats.set(key, format);
  }
  return format.format(date);
}
