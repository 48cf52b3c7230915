/**
 * The studio's texts: its own JSON per language (src/studio/locales, chunks only the studio
 * loads), under `studio.`, beside the shop's texts that the shared form fields use
 * (forms.*). The studio speaks the signed-in staff member's language (staff.locale).
 */
import type { i18n as I18n } from "i18next";
import { createI18n, loadMessages, type Locale, type Messages } from "../lib/i18n";

const loaders = import.meta.glob<{ default: Messages }>("./locales/*.json");

export async function loadStudioTexts(locale: Locale): Promise<I18n> {
  const load = loaders[`./locales/${locale}.json`];
  if (!load) throw new Error(`No studio texts for locale ${locale}`);
  const [shop, studio] = await Promise.all([loadMessages(locale), load()]);
  return createI18n(locale, { ...shop, studio: studio.default });
}
