export type LinkData = { label: string; path: string };

export type IntroBlockData = { type: "intro"; eyebrow?: string; title: string; text: string; button?: LinkData };
export type TextBlockData = { type: "text"; title?: string; paragraphs: string[] };
/** A field of a server-defined form; `rules` are the same rule strings the server checks. */
export type FormFieldData = {
  name: string;
  type: "text" | "email" | "tel" | "textarea" | "checkbox";
  rules: string;
  autocomplete: string | null;
};
export type FormBlockData = {
  type: "form";
  form: string;
  title?: string;
  text?: string;
  successMessage: string;
  fields: FormFieldData[];
};
export type BlockData = IntroBlockData | TextBlockData | FormBlockData;

export type PageData = {
  id: number;
  slug: string;
  locale: string;
  title: string;
  layout: "default" | "login";
  blocks: BlockData[];
  seo: { title: string; description: string | null };
  localizations: { locale: string; slug: string; path: string }[];
};
