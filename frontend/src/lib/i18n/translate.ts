/**
 * The UI texts' lookup: nested keys ("footer.language"), {{name}} placeholders (not HTML-escaped:
 * React escapes) and plural forms by `count` (key_one, key_other… by Intl.PluralRules, falling back
 * to the key itself). The subset of i18next's JSON format the locale files use, in about 1 kB
 * instead of i18next's 20 kB of first-load JavaScript.
 */

export type Messages = { [key: string]: string | Messages };
export type TOptions = Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

export type Translator = {
  /** The locale the texts are in ("nl", "en", …). */
  readonly language: string;
  readonly t: TFunction;
};

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
}

export function createTranslator(language: string, messages: Messages, onMissing: (key: string) => void): Translator {
  const plurals = new Intl.PluralRules(language);
  const t: TFunction = (key, options) => {
    const count = options?.count;
    const text =
      (typeof count === "number" ? (lookup(messages, `${key}_${plurals.select(count)}`) ?? lookup(messages, `${key}_other`)) : undefined) ??
      lookup(messages, key);
    if (text === undefined) {
      onMissing(key);
      return key;
    }
    return interpolate(text, options);
  };
  return { language, t };
}
