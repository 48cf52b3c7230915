import { join } from "node:path";
import { describe, expect, test } from "vitest";
import contract from "../../../contracts/routes.json";
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import nl from "./nl.json";
import sv from "./sv.json";
import { flatten, literalKeys as sharedLiteralKeys, placeholders, sourceFiles, type Messages } from "../testing/locale-checks";

const TRANSLATIONS: Record<string, Messages> = { nl, de, es, fr, sv };
const ALL: Record<string, Messages> = { en, ...TRANSLATIONS };

const english = flatten(en);
/** src/, from this file in src/locales (import.meta.dirname: jsdom's URL does not satisfy fileURLToPath). */
const SRC = join(import.meta.dirname, "..");

/** The shop's source: the studio has texts of its own (src/studio/locales, checked beside them). */
function literalKeys(): { key: string; file: string }[] {
  return sharedLiteralKeys(sourceFiles(SRC, [join(SRC, "studio")]), SRC);
}

describe("locale files", () => {
  test("the six locales are all present", () => {
    expect(Object.keys(ALL).sort()).toEqual(["de", "en", "es", "fr", "nl", "sv"]);
    expect(english.size).toBeGreaterThan(0);
  });

  test("every locale has exactly the key set of en.json", () => {
    // given
    const problems: string[] = [];
    // when
    for (const [locale, messages] of Object.entries(TRANSLATIONS)) {
      const keys = flatten(messages);
      const missing = [...english.keys()].filter((key) => !keys.has(key));
      const extra = [...keys.keys()].filter((key) => !english.has(key));
      if (missing.length) problems.push(`${locale} is missing: ${missing.join(", ")}`);
      if (extra.length) problems.push(`${locale} has extra keys: ${extra.join(", ")}`);
    }
    // then
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("no locale has an empty value", () => {
    const empty = Object.entries(ALL).flatMap(([locale, messages]) =>
      [...flatten(messages)].filter(([, value]) => value.trim() === "").map(([key]) => `${locale}: ${key}`),
    );
    expect(empty, empty.join("\n")).toEqual([]);
  });

  test("every {{placeholder}} of an English text appears in each translation, and no other", () => {
    const problems: string[] = [];
    for (const [locale, messages] of Object.entries(TRANSLATIONS)) {
      for (const [key, value] of flatten(messages)) {
        const source = english.get(key);
        if (source === undefined) continue; // reported by the key-set test
        const expected = placeholders(source);
        const actual = placeholders(value);
        if (expected.join() !== actual.join()) {
          problems.push(`${locale}: ${key} has {{${actual.join("}}, {{")}}} instead of {{${expected.join("}}, {{")}}}`);
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("the placeholder check sees the placeholders of en.json", () => {
    expect(placeholders(english.get("footer.copyright") ?? "")).toEqual(["company", "year"]);
  });
});

describe("translation keys used in the source", () => {
  test("the scanner finds literal keys in the source (it is not looking in the wrong place)", () => {
    const keys = literalKeys().map(({ key }) => key);
    expect(keys).toContain("footer.language");
    expect(keys).toContain("general.404.title");
  });

  test("every literal t(\"…\") key exists in en.json", () => {
    const unknown = literalKeys()
      .filter(({ key }) => !english.has(key))
      .map(({ key, file }) => `${file}: ${key}`);
    expect(unknown, unknown.join("\n")).toEqual([]);
  });

  test("every route except the server-only sitemap has a routes.<name> text (used as t(`routes.${name}`))", () => {
    const missing = contract.routes
      .map((route) => route.name)
      .filter((name) => name !== "sitemap")
      .filter((name) => !english.has(`routes.${name}`));
    expect(missing, missing.join(", ")).toEqual([]);
  });
});

describe("address labels", () => {
  /** Lowercased words of four letters or more. */
  const words = (label: string) => label.toLowerCase().split(/[^\p{L}]+/u).filter((word) => word.length >= 4);

  test.each(Object.keys(ALL))("in %s the house number's addition and the extra address line are told apart", (locale) => {
    const labels = flatten(ALL[locale] ?? {});
    const addition = (labels.get("forms.labels.addition") ?? "").toLowerCase();
    const extra = (labels.get("forms.labels.additionalInfo") ?? "").toLowerCase();

    expect(addition && extra).toBeTruthy();
    // Neither is written inside the other ("Zusatz" in "Adresszusatz"), and they share no word.
    expect(extra.includes(addition) || addition.includes(extra)).toBe(false);
    expect(words(addition).filter((word) => words(extra).some((other) => other.includes(word) || word.includes(other)))).toEqual([]);
  });
});
