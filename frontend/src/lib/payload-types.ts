/**
 * The published payloads (/_payload/<path>.json), generated from splash/site/web/payloads.py
 * by backend/splash/site/web/typescript.py: do not edit; `make payload-types` writes it again.
 */
import type { RichText } from "../ui/rich-text-types";

export type ArticleLocalization = {
  locale: string;
  slug: string;
  path: string;
  id: number;
};

/** A published blog article (/blog/{slug}, Swedish /blogg/{slug}). */
export type ArticlePayload = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  cover: Image | null;
  publishedAt: string;
  locale: string;
  path: string;
  category: CategoryPublic | null;
  body: RichText;
  seo: ArticleSeo;
  localizations: ArticleLocalization[];
};

export type ArticleSeo = {
  title: string;
  description: string;
  image: Image | null;
};

export type Caption = {
  locale: string;
  label: string;
  src: string;
};

export type CategoryPublic = {
  key: string;
  slug: string;
  name: string;
};

/** A course page (/academy/{slug} in Dutch and English, /course/{slug} elsewhere). */
export type CoursePayload = {
  id: number;
  key: string;
  title: string;
  intro: string;
  image: Image;
  path: string;
  lessonCount: number;
  /** All its lessons; null until each has a video */
  durationMs: number | null;
  bundle: OfferPublic;
  slug: string;
  description: RichText;
  levels: LevelPayload[];
  localizations: Localization[];
  seo: EntitySeo;
};

export type EntitySeo = {
  title: string;
  description: string;
  /** The image's path */
  image: string | null;
};

/** The entity's SEO fields and its kind; empty for an in-browser route and the 404 screen. */
export type Head = {
  title?: string | null;
  description?: string | null;
  image?: Image | string | null;
  type?: "page" | "article" | "product" | "course" | "lesson" | null;
};

export type Image = {
  src: string;
  alt: string;
  width: number;
  height: number;
};

/** A lesson as its course page lists it. */
export type LessonCard = {
  id: number;
  key: string;
  slug: string;
  path: string;
  number: number;
  title: string;
  description: string;
  /** How long its video lasts; null while it has none */
  durationMs: number | null;
  freePreview: boolean;
  freeWithSuit: boolean;
  poster: Image;
  offer: OfferPublic;
};

export type LessonCourse = {
  id: number;
  title: string;
  path: string;
};

export type LessonLevel = {
  id: number;
  number: number;
  title: string;
  offer: OfferPublic;
};

export type LessonLink = {
  title: string;
  path: string;
};

/** A lesson page: its card with its course, level, neighbours and video. */
export type LessonPayload = {
  id: number;
  key: string;
  slug: string;
  path: string;
  number: number;
  title: string;
  description: string;
  /** How long its video lasts; null while it has none */
  durationMs: number | null;
  freePreview: boolean;
  freeWithSuit: boolean;
  poster: Image;
  offer: OfferPublic;
  course: LessonCourse;
  level: LessonLevel;
  previous: LessonLink | null;
  next: LessonLink | null;
  video: LessonVideo | null;
  localizations: Localization[];
  seo: EntitySeo;
};

export type LessonVideo = {
  /** The HLS master playlist's URL */
  master: string;
  durationMs: number;
  width: number;
  height: number;
  captions: Caption[];
};

export type LevelPayload = {
  id: number;
  key: string;
  number: number;
  title: string;
  description: string;
  lessonCount: number;
  /** All its lessons; null until each has a video */
  durationMs: number | null;
  freeWithSuit: boolean;
  offer: OfferPublic;
  lessons: LessonCard[];
};

export type Localization = {
  locale: string;
  path: string;
};

export type LocalizationPublic = {
  locale: string;
  slug: string;
  path: string;
};

/** Every menu of the site as a tree (splash.content.navigation.MENUS). */
export type Menus = {
  primary: NavigationItemTree[];
  secondary: NavigationItemTree[];
  legal: NavigationItemTree[];
};

export type NavigationItemTree = {
  id: number;
  title: string;
  /** Always starts with a slash (or is an absolute URL) */
  path: string;
  items?: NavigationItemTree[];
};

/** What an unlock button sells: one lesson, a level's lessons, or the whole course. */
export type OfferKind = "lesson" | "level" | "bundle";

export type OfferPublic = {
  /** The catalog variant the unlock button adds to the cart */
  variantId: number;
  kind: OfferKind;
  /** Cents, VAT included: what this buyer pays */
  price: number;
  /** Cents: the price for someone who owns nothing */
  listPrice: number;
  /** Cents: the not-owned parts bought one by one */
  parts: number;
  /** Cents: parts minus price, never below 0 */
  saving: number;
  /** The buyer owns every lesson it unlocks */
  owned: boolean;
};

export type PageLocalization = {
  locale: string;
  slug: string;
  path: string;
};

/** A content page with its blocks, filled with what other domains show in them. */
export type PagePayload = {
  id: number;
  slug: string;
  locale: string;
  path: string;
  title: string;
  layout: "default" | "login";
  blocks: Record<string, unknown>[];
  seo: PageSeo;
  localizations: PageLocalization[];
};

export type PageSeo = {
  title: string;
  description: string | null;
  image: Image | null;
};

/** Everything the SPA needs to render one route. At most one of `article`, `product`, `course` and `lesson` is there, on that entity's route; `page` on a content page. */
export type Payload = {
  locale: "nl" | "en" | "de" | "es" | "fr" | "sv";
  navigation: Menus;
  settings: SiteSettings;
  status: 200 | 404;
  page: PagePayload | null;
  article?: ArticlePayload | null;
  product?: ProductPublic | null;
  course?: CoursePayload | null;
  lesson?: LessonPayload | null;
  route: RoutePayload;
  /** The same page's path in each locale */
  alternates: Partial<Record<"nl" | "en" | "de" | "es" | "fr" | "sv", string>>;
  head: Head;
};

/** One product with everything its page shows. */
export type ProductPublic = {
  id: number;
  key: string;
  type: ProductType;
  slug: string;
  path: string;
  title: string;
  intro: string;
  introImage: Image | null;
  priceFrom: number;
  colours: ("blue" | "pink")[];
  available: boolean;
  /** Rich text */
  description: RichText;
  images: Image[];
  minAgeYears: number;
  sizeGuide: SizeGuideRowPublic[];
  variants: VariantPublic[];
  localizations: LocalizationPublic[];
  seo: ProductSeoPublic;
};

export type ProductSeoPublic = {
  title: string;
  description: string;
  image: string | null;
};

export type ProductType = "physical" | "digital";

/** The route table's entry the path matched (`not-found` for the 404 screen). */
export type RoutePayload = {
  name: string;
  kind: "page" | "app";
  path: string;
  params: Record<string, string>;
};

/** The company's postal address, as the footer and the invoice print it. */
export type SellerAddress = {
  street: string;
  housenumber: string;
  postalCode: string;
  city: string;
  country: string;
};

/** The company's settings with what the SPA needs of this instance's configuration. */
export type SiteSettings = {
  companyName: string;
  cocNumber: string;
  vatNumber: string;
  /** None until the fixtures are seeded */
  address: SellerAddress | null;
  socialLinks: SocialLinks;
  /** Each locale's origin (scheme, host and port) */
  origins: Partial<Record<"nl" | "en" | "de" | "es" | "fr" | "sv", string>>;
  gtmId: string | null;
  recaptchaSiteKey: string | null;
  /** Without it the SPA offers no Continue with Google */
  googleSignIn: boolean;
  buildPollSeconds: number;
  apiPrefix: string;
};

export type SizeGuideRowPublic = {
  size: "xs" | "s" | "m" | "l" | "xl" | "xxl" | "xxxl";
  sizeLabel: string;
  minKg: number;
  maxKg: number;
  age: string;
};

export type SocialLinks = {
  facebook?: string | null;
  instagram?: string | null;
  linkedin?: string | null;
  x?: string | null;
  tiktok?: string | null;
};

export type VariantPublic = {
  id: number;
  sku: string;
  colour: "blue" | "pink";
  size: "xs" | "s" | "m" | "l" | "xl" | "xxl" | "xxxl";
  sizeLabel: string;
  title: string;
  /** Cents, VAT included */
  price: number;
  stock: number;
  /** Switched on and in stock */
  available: boolean;
  /** Only with populate[introImage] */
  introImage?: Image | null;
};
