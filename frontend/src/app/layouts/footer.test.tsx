import { fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, test, vi } from "vitest";
import { fakeApi } from "../../testing/auth";
import { cartStore } from "../../lib/cart";
import { ADDED } from "../../testing/cart";
import { browserNavigation } from "../../lib/navigation";
import { createI18n, type Locale } from "../../lib/i18n";
import messages from "../../locales/nl.json";
import type { Payload } from "../payload";
import { settingsFixture } from "../../testing/site";
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

describe("LanguageSwitcher and the language hand-off", () => {
  const HANDED = { data: { action: "https://splash.co.uk/api/language-handoffs/redeem", token: "t".repeat(43) } };

  afterEach(() => {
    cartStore.clear();
    vi.restoreAllMocks();
  });

  const english = () => screen.getAllByRole("link")[1] as HTMLAnchorElement;

  /** Clicks `link`; whether the page took the click over (jsdom would not follow the link anyway). */
  function takenOver(link: HTMLAnchorElement, init: MouseEventInit = {}): boolean {
    let taken = false;
    const see = (event: Event) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", see);
    fireEvent.click(link, init);
    window.removeEventListener("click", see);
    return taken;
  }

  test("with nothing to carry a click follows the plain link: no request, nothing taken over", () => {
    const api = fakeApi({});
    renderSwitcher(payload("nl", { en: "/checkout" }));
    expect(takenOver(english())).toBe(false); // the browser follows the href
    expect(api.calls).toEqual([]);
    expect(english().getAttribute("href")).toBe("https://splash.co.uk/checkout?locale=en");
  });

  test("with a cart a plain click goes through the hand-off to the same page in the other language", async () => {
    cartStore.add({ variantId: 13, quantity: 1, options: [] }, ADDED);
    const api = fakeApi({ "POST /language-handoffs": () => ({ status: 201, body: HANDED }) });
    const post = vi.spyOn(browserNavigation, "post").mockImplementation(() => undefined);
    renderSwitcher(payload("nl", { en: "/checkout" }));

    expect(takenOver(english())).toBe(true);
    await vi.waitFor(() => expect(post).toHaveBeenCalledWith(HANDED.data.action, { token: HANDED.data.token, next: "/checkout?locale=en" }));
    expect(api.callsTo("POST /language-handoffs")).toHaveLength(1);
    // The link itself stays as crawlers and the hreflang alternates know it.
    expect(english().getAttribute("href")).toBe("https://splash.co.uk/checkout?locale=en");
  });

  test("a click with a modifier key (a new tab) and the current language's link stay plain links", () => {
    cartStore.add({ variantId: 13, quantity: 1, options: [] }, ADDED);
    const api = fakeApi({});
    renderSwitcher(payload("nl", {}));
    expect(takenOver(english(), { ctrlKey: true })).toBe(false);
    expect(takenOver(screen.getAllByRole("link")[0] as HTMLAnchorElement)).toBe(false);
    expect(api.calls).toEqual([]);
  });
});
