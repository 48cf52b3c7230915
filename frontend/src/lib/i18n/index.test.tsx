import { renderHook } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import de from "../../locales/de.json";
import nl from "../../locales/nl.json";
import { createI18n, isLocale, loadMessages, LOCALES, useTranslation, type Messages } from "./index";

describe("createI18n", () => {
  test("returns translations synchronously, right after creation", () => {
    // given
    const i18n = createI18n("nl", nl);
    // when
    const text = i18n.t("footer.language");
    // then
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe("nl");
    expect(text).toBe("Taal");
  });

  test("interpolates without HTML escaping (React escapes)", () => {
    const i18n = createI18n("nl", nl);
    expect(i18n.t("footer.socialOn", { network: "<X & Y>" })).toBe("Splash op <X & Y>");
  });

  test("a text with a count (the header's cart) resolves without plural variants and without a missing-key error", () => {
    const i18n = createI18n("nl", nl);
    expect(i18n.t("header.cart", { count: 0 })).toBe("Winkelmand (0)");
    expect(i18n.t("header.cart", { count: 1 })).toBe("Winkelmand (1)");
    expect(i18n.t("header.cart", { count: 12 })).toBe("Winkelmand (12)");
  });

  test("resolves nested keys", () => {
    const i18n = createI18n("en", { a: { b: { c: "deep" } } });
    expect(i18n.t("a.b.c")).toBe("deep");
  });

  test("each call gives its own instance, so locales do not leak between renders", () => {
    const dutch = createI18n("nl", { greeting: "Hallo" });
    const german = createI18n("de", { greeting: "Hallo auf Deutsch" });
    expect(dutch).not.toBe(german);
    expect(dutch.t("greeting")).toBe("Hallo");
    expect(german.t("greeting")).toBe("Hallo auf Deutsch");
  });

  test("the test runs in MODE test", () => {
    expect(import.meta.env.MODE).toBe("test");
  });

  test("a missing key throws in test mode, naming the key and the locale", () => {
    const i18n = createI18n("nl", nl);
    expect(() => i18n.t("footer.doesNotExist")).toThrow('Missing UI text "footer.doesNotExist" in nl');
  });
});

describe("useTranslation", () => {
  function hookOf(i18n: I18n) {
    const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    return renderHook(() => useTranslation(), { wrapper });
  }

  test("gives the provider's instance and the texts i18next gives, asked for once or again", () => {
    // given
    const i18n = createI18n("nl", nl);
    const { result, rerender } = hookOf(i18n);
    const { t } = result.current;
    // when
    const texts = [t("footer.language"), t("footer.language"), t("header.cart", { count: 2 }), t("header.cart", { count: 2 })];
    rerender();
    // then
    expect(result.current.i18n).toBe(i18n);
    expect(result.current.t).toBe(t); // one t per instance: no new function for every render
    expect(texts).toEqual(["Taal", "Taal", "Winkelmand (2)", "Winkelmand (2)"]);
  });

  test("a text is kept by its key and its values: other values give their own text", () => {
    const { t } = hookOf(createI18n("nl", nl)).result.current;
    expect(t("footer.socialOn", { network: "Facebook" })).toBe("Splash op Facebook");
    expect(t("footer.socialOn", { network: "Instagram" })).toBe("Splash op Instagram");
    expect(t("header.cart", { count: 1 })).toBe("Winkelmand (1)");
    expect(t("header.cart", { count: 12 })).toBe("Winkelmand (12)");
  });

  test("each instance keeps its own texts: a German page never gets a Dutch one", () => {
    const dutch = hookOf(createI18n("nl", nl)).result.current.t;
    const german = hookOf(createI18n("de", de)).result.current.t;
    expect(dutch("footer.language")).toBe("Taal");
    expect(german("footer.language")).toBe(de.footer.language);
    expect(german("footer.language")).not.toBe("Taal");
  });

  test("a missing key is reported every time it is asked for, never kept", () => {
    const { t } = hookOf(createI18n("nl", nl)).result.current;
    expect(() => t("footer.doesNotExist")).toThrow('Missing UI text "footer.doesNotExist" in nl');
    expect(() => t("footer.doesNotExist")).toThrow('Missing UI text "footer.doesNotExist" in nl');
  });

  test("every text of every locale asked for without values is the one i18next gives", () => {
    for (const [locale, messages] of Object.entries({ nl, de })) {
      const keys = leafKeys(messages);
      const reference = createI18n(locale as "nl", messages);
      const { t } = hookOf(createI18n(locale as "nl", messages)).result.current;
      expect(keys.length).toBeGreaterThan(100);
      for (const key of keys) expect([key, t(key)]).toEqual([key, reference.t(key)]);
    }
  });

  test("a text that nests another or has a value left empty goes through i18next", () => {
    const { t } = hookOf(createI18n("en", { shop: "Shop", title: "$t(shop) — Splash", hello: "Hello {{name}}" })).result.current;
    expect(t("title")).toBe("Shop — Splash");
    expect(t("hello")).toBe("Hello {{name}}");
  });

  test("options that are not plain values are passed to i18next each time", () => {
    const { t } = hookOf(createI18n("en", { greeting: "Hello {{who.name}}" })).result.current;
    expect(t("greeting", { who: { name: "Ada" } })).toBe("Hello Ada");
    expect(t("greeting", { who: { name: "Grace" } })).toBe("Hello Grace");
  });
});

describe("isLocale", () => {
  test.each(LOCALES)("accepts %s", (locale) => {
    expect(isLocale(locale)).toBe(true);
  });

  test.each(["NL", "be", "", undefined, null, 1])("rejects %j", (value) => {
    expect(isLocale(value)).toBe(false);
  });
});

describe("loadMessages", () => {
  test("loads the locale's JSON file", async () => {
    expect(await loadMessages("nl")).toEqual(nl);
  });
});

/** Every key of a locale's texts, nested keys joined by dots ("footer.language"). */
function leafKeys(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : leafKeys(value, `${prefix}${key}.`)));
}
