/**
 * The studio's texts, checked as the shop's are (src/locales/locales.test.ts): six languages with
 * one key set, nothing empty, the same placeholders, and every literal t("studio.…") key of
 * src/studio in them (its other keys, the form system's, in the shop's texts).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import shopEnglish from "../../locales/en.json";
import { flatten, literalKeys, placeholders, sourceFiles, type Messages } from "../../testing/locale-checks";
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import nl from "./nl.json";
import sv from "./sv.json";

const TRANSLATIONS: Record<string, Messages> = { nl, de, es, fr, sv };
const english = flatten(en);
const STUDIO = join(import.meta.dirname, "..");
/** A key is there as written, or as plural forms (`_other`) that i18next picks by `count`. */
const known = (texts: Map<string, string>, key: string) => texts.has(key) || texts.has(`${key}_other`);

describe("the studio's locale files", () => {
  test("there are six, one per shop language", () => {
    expect(readdirSync(import.meta.dirname).filter((name) => name.endsWith(".json")).sort()).toEqual(
      ["de", "en", "es", "fr", "nl", "sv"].map((locale) => `${locale}.json`),
    );
  });

  test.each(Object.keys(TRANSLATIONS))("%s has exactly the keys of en.json, none empty, with the same placeholders", (locale) => {
    const texts = flatten(TRANSLATIONS[locale] ?? {});
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    const problems = [...texts].flatMap(([key, value]) => {
      if (value.trim() === "") return [`${key} is empty`];
      const wanted = placeholders(english.get(key) ?? "").join();
      return placeholders(value).join() === wanted ? [] : [`${key} has other placeholders than English`];
    });
    expect(problems).toEqual([]);
  });

  test("every literal key the studio asks for exists", () => {
    const shop = flatten(shopEnglish as Messages);
    const keys = literalKeys(sourceFiles(STUDIO), STUDIO);
    expect(keys.map(({ key }) => key)).toContain("studio.signIn.title");
    const unknown = keys
      .filter(({ key }) => !known(key.startsWith("studio.") ? english : shop, key.replace(/^studio\./, "")))
      .map(({ key, file }) => `${file}: ${key}`);
    expect(unknown).toEqual([]);
  });

  test("plural texts have both forms", () => {
    const bare = [...english.keys()].filter((key) => key.endsWith("_one")).map((key) => key.slice(0, -4));
    expect(bare.length).toBeGreaterThan(0);
    expect(bare.filter((key) => !english.has(`${key}_other`))).toEqual([]);
  });
});
