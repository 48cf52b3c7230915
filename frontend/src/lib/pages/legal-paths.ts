/**
 * Where the privacy policy and the terms live in each language (the checkout's consent links).
 * Editors own their slugs; until the slugify call answered, the seeded slugs stand in.
 */
import type { Locale } from "../i18n";
import { pagePaths } from "./page-paths";

const SEEDED_PRIVACY: Record<Locale, string> = {
  nl: "/privacybeleid",
  en: "/privacy-policy",
  de: "/datenschutz",
  es: "/politica-de-privacidad",
  fr: "/politique-de-confidentialite",
  sv: "/integritetspolicy",
};
const SEEDED_TERMS: Record<Locale, string> = {
  nl: "/algemene-voorwaarden",
  en: "/terms-and-conditions",
  de: "/agb",
  es: "/terminos-y-condiciones",
  fr: "/conditions-generales",
  sv: "/kopvillkor",
};

const privacy = pagePaths("privacybeleid", (locale) => SEEDED_PRIVACY[locale]);
const terms = pagePaths("algemene-voorwaarden", (locale) => SEEDED_TERMS[locale]);

export const usePrivacyPath = privacy.usePath;
export const useTermsPath = terms.usePath;

/** Forgets what was resolved (for tests: every test starts a new session). */
export function forgetLegalPaths(): void {
  privacy.forget();
  terms.forget();
}
