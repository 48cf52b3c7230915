import type { SiteSettings } from "../app/payload";

/** A payload's site settings for tests, with `overrides`. */
export function settingsFixture(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    companyName: "Splash B.V.",
    cocNumber: "12345678",
    vatNumber: "NL001234567B01",
    address: { street: "Kanaalweg", housenumber: "21", postalCode: "3526 KL", city: "Utrecht", country: "nl" },
    socialLinks: {},
    origins: { nl: "", en: "", de: "", es: "", fr: "", sv: "" },
    gtmId: null,
    recaptchaSiteKey: null,
    googleSignIn: false,
    buildPollSeconds: 3600,
    apiPrefix: "/api",
    ...overrides,
  };
}
