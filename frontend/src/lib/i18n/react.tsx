/** The UI texts in React: a provider per render (server) or page (browser), a hook, and <Trans>. */
import { cloneElement, createContext, isValidElement, useContext, type ReactElement, type ReactNode } from "react";
import type { TFunction, TOptions, Translator } from "./translate";

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an <I18nProvider>");
  return { t: i18n.t, i18n };
}

type TransProps = {
  i18nKey: string;
  values?: TOptions;
  /** Elements for the text's <name>…</name> tags: the tag's text becomes the element's child. */
  components: Record<string, ReactElement>;
};

/** A text with links inside: "… the <privacy>privacy policy</privacy> …". */
export function Trans({ i18nKey, values, components }: TransProps) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  const text = t(i18nKey, values);
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name = "", inner] = match;
    parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
