/**
 * Page content as the API sends it: the TypeScript side of backend/splash/content/blocks.py.
 * Optional fields are left out of the payload when the editor did not set them.
 */
// Images and rich text are drawn by src/ui: the shop's product descriptions use them too.
import type { ArticlePayload, PagePayload } from "../../lib/payload-types";
import type { ImageData, RichText } from "../../ui/rich-text-types";

export type { ImageData, InlineNode, LinkNode, RichNode, RichText, TextNode } from "../../ui/rich-text-types";

export type LinkData = { label: string; path: string; variant?: "primary" | "secondary" };

export type IconPoint = { icon: string; title: string; text?: string };

export type IntroBlockData = { type: "intro"; eyebrow?: string; title: string; text: string; button?: LinkData; image?: ImageData };
export type TextBlockData = { type: "text"; title?: string; paragraphs: string[] };
export type RichTextBlockData = { type: "rich-text"; body: RichText };
export type TextWithMediaBlockData = {
  type: "text-with-media";
  title: string;
  body: RichText;
  image: ImageData;
  imagePosition?: "left" | "right";
  button?: LinkData;
};
export type ButtonsBlockData = { type: "buttons"; buttons: LinkData[] };
export type CallToActionBlockData = { type: "call-to-action"; title: string; text?: string; button: LinkData; image?: ImageData };
export type FaqBlockData = { type: "faq"; title?: string; items: { question: string; answer: RichText }[] };
export type ConsentEmbedBlockData = {
  type: "consent-embed";
  title: string;
  provider: "youtube" | "vimeo" | "google-maps";
  url: string;
  aspectRatio?: "16:9" | "4:3" | "1:1";
  poster?: ImageData;
};
export type MarqueeBlockData = { type: "marquee"; items: string[] };
export type ReviewsBlockData = {
  type: "reviews";
  title?: string;
  items: { name: string; rating: 1 | 2 | 3 | 4 | 5; text: string; date?: string }[];
};
export type StatisticsBlockData = { type: "statistics"; title?: string; items: { value: string; label: string }[] };
export type BlogIntroBlockData = { type: "blog-intro"; title: string; text?: string };
export type FilterBarBlockData = { type: "filter-bar"; collection?: "article"; by?: "category" };
export type CollectionListBlockData = {
  type: "collection-list";
  collection: "article" | "product";
  title?: string;
  limit?: number;
  category?: string;
};
export type PaginationBlockData = { type: "pagination"; mode?: "load-more" | "pages" };
export type ConsentFormBlockData = { type: "consent-form"; title: string; text?: string };

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
export type ItemBlockData = { type: "item"; title: string; text?: string; image?: ImageData; link?: LinkData };
export type ShopConditionsBlockData = { type: "shop-conditions"; items: IconPoint[] };
export type SellingPointsCoursesBlockData = { type: "selling-points-courses"; title?: string; items: IconPoint[] };
export type SellingPointsShippingBlockData = { type: "selling-points-shipping"; title?: string; items: IconPoint[] };
export type IconsBlockData = { type: "icons"; title?: string; items: IconPoint[] };

/** The academy page's intro: its numbers (`stats`) are filled at publish time from the published courses. */
export type AcademyIntroBlockData = { type: "academy-intro"; title: string; text?: string; stats?: { lessons: number; levels: number; durationMs: number | null } };

/**
 * Blocks whose behaviour lives in another feature (cart, checkout, profile, academy, shop): the app
 * supplies their components; without one (a test of content alone) a friendly placeholder or nothing.
 */
export type PlaceholderBlockData =
  | { type: "cart" }
  | { type: "checkout" }
  | { type: "profile" }
  | { type: "order-item" }
  | { type: "academy-item"; course: string }
  | { type: "child-courses"; title?: string; course?: string }
  | { type: "product-intro"; title?: string }
  | { type: "product-item"; product: string };

export type BlockData =
  | IntroBlockData
  | TextBlockData
  | RichTextBlockData
  | TextWithMediaBlockData
  | ButtonsBlockData
  | CallToActionBlockData
  | FaqBlockData
  | ConsentEmbedBlockData
  | MarqueeBlockData
  | ReviewsBlockData
  | StatisticsBlockData
  | BlogIntroBlockData
  | FilterBarBlockData
  | CollectionListBlockData
  | PaginationBlockData
  | ConsentFormBlockData
  | FormBlockData
  | ItemBlockData
  | ShopConditionsBlockData
  | SellingPointsCoursesBlockData
  | SellingPointsShippingBlockData
  | IconsBlockData
  | AcademyIntroBlockData
  | PlaceholderBlockData;

/** A published page: the generated payload model, with its blocks typed here. */
export type PageData = Omit<PagePayload, "blocks"> & { blocks: BlockData[] };

/** A published blog article (the payload of /blog/{slug}, Swedish /blogg/{slug}). */
export type ArticleData = ArticlePayload;
