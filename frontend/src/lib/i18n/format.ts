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
