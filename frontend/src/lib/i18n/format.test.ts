import { describe, expect, test } from "vitest";
import { formatLongDate, formatPrice, intlLocale } from "./format";

/** Intl separates the euro sign with a no-break space in some languages; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatPrice", () => {
  test.each([
    ["nl", "€ 49,95"],
    ["en", "€49.95"],
    ["de", "49,95 €"],
    ["es", "49,95 €"],
    ["fr", "49,95 €"],
    ["sv", "49,95 €"],
  ])("4995 cents in %s reads %s", (language, expected) => {
    expect(plain(formatPrice(4995, language))).toBe(expected);
  });

  test("whole euros keep their cents, thousands are grouped", () => {
    expect(plain(formatPrice(300, "en"))).toBe("€3.00");
    expect(plain(formatPrice(123456, "nl"))).toBe("€ 1.234,56");
  });

  test("zero is a price too", () => {
    expect(plain(formatPrice(0, "de"))).toBe("0,00 €");
  });
});

describe("intlLocale", () => {
  test("each shop language has the region of its domain; another language is passed through", () => {
    expect(["nl", "en", "de", "es", "fr", "sv"].map(intlLocale)).toEqual(["nl-NL", "en-GB", "de-DE", "es-ES", "fr-FR", "sv-SE"]);
    expect(intlLocale("pt")).toBe("pt");
  });
});

describe("formatLongDate", () => {
  test.each([
    ["nl", "1 mei 2025"],
    ["en", "1 May 2025"],
    ["de", "1. Mai 2025"],
    ["sv", "1 maj 2025"],
  ])("in %s a day reads %s", (language, expected) => {
    expect(formatLongDate(new Date("2025-05-01T12:00:00Z"), language, "UTC")).toBe(expected);
  });

  test("the day is the zone's: late evening in UTC is the next day in Amsterdam", () => {
    const lateEvening = new Date("2025-05-01T23:30:00Z");
    expect(formatLongDate(lateEvening, "en", "UTC")).toBe("1 May 2025");
    expect(formatLongDate(lateEvening, "en", "Europe/Amsterdam")).toBe("2 May 2025");
    expect(formatLongDate(lateEvening, "en", "UTC")).toBe("1 May 2025"); // each zone its own formatter
  });
});
