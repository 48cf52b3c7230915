export type LinkData = { label: string; path: string };

export type IntroBlockData = { type: "intro"; eyebrow?: string; title: string; text: string; button?: LinkData };
export type TextBlockData = { type: "text"; title?: string; paragraphs: string[] };
export type BlockData = IntroBlockData | TextBlockData;

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
