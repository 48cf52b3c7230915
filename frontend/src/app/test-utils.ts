import type { SiteSettings } from "./payload";

/** A payload's site settings for tests, with `overrides`. */
export function settingsFixture(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    companyName: "Splash B.V.",
    cocNumber: "12345678",
    vatNumber: "NL001234567B01",
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
