import { render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import { createI18n, type Locale } from "../../lib/i18n";
import messages from "../../locales/nl.json";
import type { Payload } from "../payload";
import { LanguageSwitcher } from "./footer";

const ORIGINS: Record<Locale, string> = {
  nl: "https://splash.nl",
  en: "https://splash.co.uk",
  de: "https://splash.de",
  es: "https://splash.es",
  fr: "https://splash.fr",
  sv: "https://splash.se",
};

function payload(locale: Locale, alternates: Payload["alternates"]): Payload {
  return {
    status: 200,
    locale,
    route: { name: "product", kind: "page", path: "/shop/drijfpak", params: { slug: "drijfpak" } },
    page: null,
    navigation: { primary: [], secondary: [], legal: [] },
    settings: {
      companyName: "Splash B.V.",
      cocNumber: "12345678",
      vatNumber: "NL001234567B01",
      socialLinks: {},
      origins: ORIGINS,
      gtmId: null,
      recaptchaSiteKey: null,
      buildPollSeconds: 60,
      apiPrefix: "/api",
    },
    alternates,
    head: {},
  };
}

function renderSwitcher(value: Payload) {
  const i18n = createI18n("nl", messages);
  return render(
    <I18nextProvider i18n={i18n}>
      <LanguageSwitcher payload={value} />
    </I18nextProvider>,
  );
}

describe("LanguageSwitcher", () => {
  test("renders six links NL EN DE ES FR SV in a navigation labelled in the UI language", () => {
    // given / when
    renderSwitcher(payload("nl", {}));
    // then
    const nav = screen.getByRole("navigation", { name: "Taal" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["NL", "EN", "DE", "ES", "FR", "SV"]);
  });

  test("each link points to the locale's origin plus its alternate path, the home page where there is none", () => {
    renderSwitcher(payload("nl", { nl: "/shop/drijfpak", de: "/shop/schwimmanzug", es: "/tienda/banador" }));
    const hrefs = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual([
      "https://splash.nl/shop/drijfpak",
      "https://splash.co.uk/",
      "https://splash.de/shop/schwimmanzug",
      "https://splash.es/tienda/banador",
      "https://splash.fr/",
      "https://splash.se/",
    ]);
  });

  test("each link carries hreflang and lang of its locale", () => {
    renderSwitcher(payload("nl", {}));
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("hreflang"))).toEqual(["nl", "en", "de", "es", "fr", "sv"]);
    expect(links.map((link) => link.getAttribute("lang"))).toEqual(["nl", "en", "de", "es", "fr", "sv"]);
  });

  test("each link is named with its visible code and its language", () => {
    renderSwitcher(payload("nl", {}));
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("aria-label"))).toEqual([
      "NL – Nederlands",
      "EN – English",
      "DE – Deutsch",
      "ES – Español",
      "FR – Français",
      "SV – Svenska",
    ]);
  });

  test('aria-current="true" is set only on the current locale', () => {
    renderSwitcher(payload("de", {}));
    const current = screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("aria-current")]);
    expect(current).toEqual([
      ["NL", null],
      ["EN", null],
      ["DE", "true"],
      ["ES", null],
      ["FR", null],
      ["SV", null],
    ]);
  });
});
