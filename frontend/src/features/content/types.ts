/**
 * Page content as the API sends it, generated from backend/splash/site/web/blocks.py (the published
 * blocks) into src/lib/payload-types.ts. Optional fields are left out of the payload when the editor
 * did not set them (or are null when the editor cleared them).
 */
// Images and rich text are drawn by src/ui: the shop's product descriptions use them too.
import type { ArticlePayload, BlockData, PagePayload } from "../../lib/payload-types";

export type { ImageData, InlineNode, LinkNode, RichNode, RichText, TextNode } from "../../ui/rich-text-types";
export type {
  AcademyIntroBlockData,
  BlockData,
  BlogIntroBlockData,
  ButtonsBlockData,
  CallToActionBlockData,
  CollectionListBlockData,
  ConsentEmbedBlockData,
  ConsentFormBlockData,
  FaqBlockData,
  FilterBarBlockData,
  FormBlockData,
  FormFieldPublic as FormFieldData,
  IconPoint,
  IconsBlockData,
  IntroBlockData,
  ItemBlockData,
  LinkData,
  MarqueeBlockData,
  PaginationBlockData,
  ReviewsBlockData,
  RichTextBlockData,
  SellingPointsCoursesBlockData,
  SellingPointsShippingBlockData,
  ShopConditionsBlockData,
  StatisticsBlockData,
  TextBlockData,
  TextWithMediaBlockData,
} from "../../lib/payload-types";

/**
 * Blocks whose behaviour lives in another feature (cart, checkout, profile, academy, shop): the app
 * supplies their components; without one (a test of content alone) a friendly placeholder or nothing.
 */
export type PlaceholderBlockData = Extract<
  BlockData,
  { type: "cart" | "checkout" | "profile" | "order-item" | "academy-item" | "child-courses" | "product-intro" | "product-item" }
>;

/** A published page (its blocks typed by the generated `BlockData`). */
export type PageData = PagePayload;

/** A published blog article (the payload of /blog/{slug}, Swedish /blogg/{slug}). */
export type ArticleData = ArticlePayload;
