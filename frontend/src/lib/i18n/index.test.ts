import { describe, expect, test } from "vitest";
import nl from "../../locales/nl.json";
import { createI18n, isLocale, loadMessages, LOCALES } from "./index";

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
