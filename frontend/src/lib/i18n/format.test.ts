import { describe, expect, test } from "vitest";
import { formatDuration, formatList, formatLongDate, formatPrice, isoDuration } from "./format";

/** The reference: what `Intl` writes for each shop language (the English shop is British). */
const LOCALES = { nl: "nl-NL", en: "en-GB", de: "de-DE", es: "es-ES", fr: "fr-FR", sv: "sv-SE" } as const;
const LANGUAGES = Object.keys(LOCALES) as (keyof typeof LOCALES)[];

describe("formatPrice", () => {
  test.each([
    ["nl", "€\u00a049,95"],
    ["en", "€49.95"],
    ["de", "49,95\u00a0€"],
    ["es", "49,95\u00a0€"],
    ["fr", "49,95\u00a0€"],
    ["sv", "49,95\u00a0€"],
  ])("4995 cents in %s reads %s", (language, expected) => {
    expect(formatPrice(4995, language)).toBe(expected);
  });

  const amounts = [0, 1, 5, 99, 100, 300, 4995, 99999, 100000, 123456, 999999, 1234550, 123456789, -5, -5495, -123456];
  test.each(LANGUAGES)("every amount in %s is what Intl writes, spaces and minus signs included", (language) => {
    const reference = new Intl.NumberFormat(LOCALES[language], { style: "currency", currency: "EUR" });
    for (const cents of amounts) expect(formatPrice(cents, language)).toBe(reference.format(cents / 100));
  });

  test("a language the shop does not have is written as English", () => {
    expect(formatPrice(123456, "pt")).toBe("€1,234.56");
  });
});

describe("formatLongDate", () => {
  test.each([
    ["nl", "1 mei 2025"],
    ["en", "1 May 2025"],
    ["de", "1. Mai 2025"],
    ["es", "1 de mayo de 2025"],
    ["fr", "1 mai 2025"],
    ["sv", "1 maj 2025"],
  ])("in %s a day reads %s", (language, expected) => {
    expect(formatLongDate(new Date("2025-05-01T12:00:00Z"), language, "UTC")).toBe(expected);
  });

  test.each(LANGUAGES)("every month's first and last day in %s is what Intl writes", (language) => {
    const reference = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, new Date(Date.UTC(2026, month + 1, 0)).getUTCDate()]) {
        const date = new Date(Date.UTC(2026, month, day, 15));
        expect(formatLongDate(date, language, "UTC")).toBe(reference.format(date));
      }
    }
  });

  test("the day is the zone's: late evening in UTC is the next day in Amsterdam", () => {
    const lateEvening = new Date("2025-05-01T23:30:00Z");
    expect(formatLongDate(lateEvening, "en", "UTC")).toBe("1 May 2025");
    expect(formatLongDate(lateEvening, "en", "Europe/Amsterdam")).toBe("2 May 2025");
    expect(formatLongDate(new Date("2025-12-31T22:30:00Z"), "nl", "Europe/Amsterdam")).toBe("31 december 2025"); // winter time: +1
    expect(formatLongDate(new Date("2025-12-31T23:30:00Z"), "nl", "Europe/Amsterdam")).toBe("1 januari 2026");
  });

  test("without a zone it is the browser's own day", () => {
    const date = new Date(2026, 10, 27, 0, 30);
    expect(formatLongDate(date, "de")).toBe(new Intl.DateTimeFormat("de-DE", { dateStyle: "long" }).format(date));
  });
});

describe("formatList", () => {
  const colours = ["blauw", "roze", "geel", "groen"];
  test.each(LANGUAGES)("one to four items in %s are joined as Intl joins them", (language) => {
    const reference = new Intl.ListFormat(LOCALES[language], { type: "conjunction" });
    for (let count = 0; count <= colours.length; count++) {
      expect(formatList(colours.slice(0, count), language)).toBe(reference.format(colours.slice(0, count)));
    }
  });
});

describe("formatDuration", () => {
  test.each([
    ["nl", 7000, "7 sec"],
    ["en", 7000, "7 secs"],
    ["de", 7000, "7 Sek."],
    ["nl", 84_000, "1 min 24 sec"],
    ["en", 84_000, "1 min 24 secs"],
    ["de", 84_000, "1 Min. 24 Sek."],
    ["sv", 120_000, "2 min"],
    ["fr", 61_000, "1\u00a0min 1\u202fs"],
    ["en", 3_900_000, "1 hr 5 mins"],
  ])("%s writes %i ms as %s", (language, ms, expected) => {
    expect(formatDuration(ms, language)).toBe(expected);
  });

  test("a video is shown to the nearest second", () => {
    expect(formatDuration(6_501, "nl")).toBe("7 sec");
    expect(formatDuration(59_600, "nl")).toBe("1 min");
    expect(formatDuration(3_599_700, "en")).toBe("1 hr");
  });

  test.each(LANGUAGES)("every length in %s is what Intl writes, unit by unit", (language) => {
    const unit = (name: string) => new Intl.NumberFormat(LOCALES[language], { style: "unit", unit: name, unitDisplay: "short" });
    const [hour, minute, second] = [unit("hour"), unit("minute"), unit("second")];
    for (let s = 0; s < 60; s++) expect(formatDuration(s * 1000, language)).toBe(second.format(s));
    for (let m = 1; m < 60; m++) {
      expect(formatDuration(m * 60_000, language)).toBe(minute.format(m));
      for (const s of [1, 24, 59]) expect(formatDuration((m * 60 + s) * 1000, language)).toBe(`${minute.format(m)} ${second.format(s)}`);
    }
    for (const h of [1, 2, 12]) {
      expect(formatDuration(h * 3_600_000, language)).toBe(hour.format(h));
      expect(formatDuration(h * 3_600_000 + 60_000, language)).toBe(`${hour.format(h)} ${minute.format(1)}`);
    }
  });

  test("a language the shop does not have is written as English", () => {
    expect(formatDuration(84_000, "pt")).toBe("1 min 24 secs");
  });
});

describe("isoDuration", () => {
  test.each([
    [0, "PT0S"],
    [7000, "PT7S"],
    [84_000, "PT1M24S"],
    [120_000, "PT2M"],
    [3_905_000, "PT1H5M5S"],
  ])("%i ms is %s", (ms, expected) => {
    expect(isoDuration(ms)).toBe(expected);
  });
});
