import { describe, expect, test } from "vitest";
import { createI18n, LOCALES, type Messages } from "../../../lib/i18n";
import de from "../../../locales/de.json";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import fr from "../../../locales/fr.json";
import nl from "../../../locales/nl.json";
import sv from "../../../locales/sv.json";
import { MEDIA_CHROME_TEXTS, mediaChromeDictionary } from "./media-texts";

const MESSAGES: Record<string, Messages> = { nl, en, de, es, fr, sv };
/** media-chrome's own placeholders: `{name}`, single braces. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("media-chrome's texts in six languages", () => {
  test.each(LOCALES)("%s has every control text, with media-chrome's placeholders kept", (locale) => {
    const dictionary = mediaChromeDictionary(createI18n(locale, MESSAGES[locale] as Messages).t);
    expect(Object.keys(dictionary)).toEqual(Object.keys(MEDIA_CHROME_TEXTS));
    for (const [text, translated] of Object.entries(dictionary)) {
      expect(translated, `${locale}: ${text}`).not.toBe("");
      expect(placeholders(translated), `${locale}: ${text}`).toEqual(placeholders(text));
    }
  });

  test("the play button reads Afspelen in Dutch and Spela upp in Swedish", () => {
    expect(mediaChromeDictionary(createI18n("nl", nl).t).play).toBe("Afspelen");
    expect(mediaChromeDictionary(createI18n("sv", sv).t).Play).toBe("Spela upp");
  });
});
