import { fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import { createI18n, type Locale } from "../../lib/i18n";
import messages from "../../locales/nl.json";
import type { Payload } from "../payload";
import { settingsFixture } from "../test-utils";
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
    settings: settingsFixture({ origins: ORIGINS, buildPollSeconds: 60 }),
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
      "https://splash.nl/shop/drijfpak?locale=nl",
      "https://splash.co.uk/?locale=en",
      "https://splash.de/shop/schwimmanzug?locale=de",
      "https://splash.es/tienda/banador?locale=es",
      "https://splash.fr/?locale=fr",
      "https://splash.se/?locale=sv",
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

  test("choosing a language stores it in the locale cookie for 365 days", () => {
    renderSwitcher(payload("nl", {}));
    const english = screen.getAllByRole("link")[1] as HTMLAnchorElement;
    english.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(english);
    expect(document.cookie).toContain("locale=en");
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
