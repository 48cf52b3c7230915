/**
 * The published payloads (/_payload/<path>.json), generated from splash/site/web/payloads.py
 * by backend/splash/site/web/typescript.py: do not edit; `make payload-types` writes it again.
 */
export type AcademyIntroBlockData = {
  type: "academy-intro";
  title: string;
  text?: string | null;
  stats?: AcademyStats | null;
};

export type AcademyItemBlockData = {
  type: "academy-item";
  course: string;
};

/** What the academy holds (`PublishedCourses.stats`), as the academy-intro block shows it. */
export type AcademyStats = {
  lessons: number;
  levels: number;
  /** Every published lesson; null until each has a video */
  durationMs: number | null;
};

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
  cover: ImageData | null;
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
  image: ImageData | null;
};

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
  | CartBlockData
  | CheckoutBlockData
  | ProfileBlockData
  | OrderItemBlockData
  | AcademyIntroBlockData
  | AcademyItemBlockData
  | ChildCoursesBlockData
  | ProductIntroBlockData
  | ProductItemBlockData;

export type BlogIntroBlockData = {
  type: "blog-intro";
  title: string;
  text?: string | null;
};

export type ButtonsBlockData = {
  type: "buttons";
  buttons: LinkData[];
};

export type CallToActionBlockData = {
  type: "call-to-action";
  title: string;
  text?: string | null;
  button: LinkData;
  image?: ImageData | null;
};

export type Caption = {
  locale: string;
  label: string;
  src: string;
};

export type CartBlockData = {
  type: "cart";
};

export type CategoryPublic = {
  key: string;
  slug: string;
  name: string;
};

export type CheckoutBlockData = {
  type: "checkout";
};

export type ChildCoursesBlockData = {
  type: "child-courses";
  title?: string | null;
  course?: string | null;
};

export type CodeNode = {
  type: "code";
  language?: string | null;
  children: TextNode[];
};

/** Its first page: articles (content) or products (catalog), as many as `limit`. */
export type CollectionListBlockData = {
  type: "collection-list";
  collection: "article" | "product";
  title?: string | null;
  limit?: number;
  category?: string | null;
  pagination?: Pagination | null;
};

/** A third-party embed (video, map) shown only after the visitor consents. */
export type ConsentEmbedBlockData = {
  type: "consent-embed";
  title: string;
  provider: "youtube" | "vimeo" | "google-maps";
  url: string;
  aspectRatio?: "16:9" | "4:3" | "1:1";
  poster?: ImageData | null;
};

/** The visitor's choices for cookies and embeds (statistics, marketing, embeds). */
export type ConsentFormBlockData = {
  type: "consent-form";
  title: string;
  text?: string | null;
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

export type FaqBlockData = {
  type: "faq";
  title?: string | null;
  items: FaqItem[];
};

export type FaqItem = {
  question: string;
  answer: RichText;
};

export type FilterBarBlockData = {
  type: "filter-bar";
  collection?: "article";
  by?: "category";
  categories?: CategoryPublic[] | null;
};

export type FormBlockData = {
  type: "form";
  form: "contact";
  title?: string | null;
  text?: string | null;
  successMessage: string;
  fields: FormFieldPublic[];
};

/** A field as the SPA renders it (`FormField.public`); `rules` are the rule strings the server checks, so the SPA checks the same. */
export type FormFieldPublic = {
  name: string;
  type: "text" | "email" | "tel" | "textarea" | "checkbox";
  rules: string;
  autocomplete: string | null;
};

/** The entity's SEO fields and its kind; empty for an in-browser route and the 404 screen. */
export type Head = {
  title?: string | null;
  description?: string | null;
  image?: ImageData | string | null;
  type?: "page" | "article" | "product" | "course" | "lesson" | null;
};

export type HeadingNode = {
  type: "heading";
  level: number;
  children: InlineNode[];
};

export type IconPoint = {
  icon: string;
  title: string;
  text?: string | null;
};

export type IconsBlockData = {
  type: "icons";
  title?: string | null;
  items: IconPoint[];
};

export type Image = {
  src: string;
  alt: string;
  width: number;
  height: number;
};

/** An image with its intrinsic size, so it never shifts the layout while loading. `media` names the media library's item it shows: publishing then fills in that item's current file, size, variants (`srcset`, `sizes`, `sources`) and, when `alt` is empty, its alt text in the page's language (splash.media.publishing). */
export type ImageData = {
  src: string;
  alt: string;
  width: number;
  height: number;
  media?: number | null;
};

export type ImageNode = {
  type: "image";
  image: ImageData;
};

export type InlineNode = TextNode | LinkNode;

export type IntroBlockData = {
  type: "intro";
  eyebrow?: string | null;
  title: string;
  text: string;
  button?: LinkData | null;
  image?: ImageData | null;
};

export type ItemBlockData = {
  type: "item";
  title: string;
  text?: string | null;
  image?: ImageData | null;
  link?: LinkData | null;
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

export type LinkData = {
  label: string;
  path: string;
  variant?: "primary" | "secondary";
};

export type LinkNode = {
  type: "link";
  url: string;
  children: TextNode[];
};

export type ListItemNode = {
  type: "list-item";
  children: InlineNode[];
};

export type ListNode = {
  type: "list";
  format: "ordered" | "unordered";
  children: ListItemNode[];
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

export type MarqueeBlockData = {
  type: "marquee";
  items: string[];
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

export type OrderItemBlockData = {
  type: "order-item";
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
  blocks: BlockData[];
  seo: PageSeo;
  localizations: PageLocalization[];
};

export type PageSeo = {
  title: string;
  description: string | null;
  image: ImageData | null;
};

export type Pagination = {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
};

/** Pages through the collection list on the same page: Load more, or Next and Previous. */
export type PaginationBlockData = {
  type: "pagination";
  mode?: "load-more" | "pages";
};

export type ParagraphNode = {
  type: "paragraph";
  children: InlineNode[];
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

export type ProductIntroBlockData = {
  type: "product-intro";
  title?: string | null;
};

export type ProductItemBlockData = {
  type: "product-item";
  product: string;
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

export type ProfileBlockData = {
  type: "profile";
};

export type QuoteNode = {
  type: "quote";
  children: InlineNode[];
};

export type Review = {
  name: string;
  rating: number;
  text: string;
  date?: string | null;
};

export type ReviewsBlockData = {
  type: "reviews";
  title?: string | null;
  items: Review[];
};

export type RichNode = HeadingNode | ParagraphNode | QuoteNode | CodeNode | ImageNode | ListNode;

export type RichText = RichNode[];

export type RichTextBlockData = {
  type: "rich-text";
  body: RichText;
};

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

export type SellingPointsCoursesBlockData = {
  type: "selling-points-courses";
  title?: string | null;
  items: IconPoint[];
};

export type SellingPointsShippingBlockData = {
  type: "selling-points-shipping";
  title?: string | null;
  items: IconPoint[];
};

export type ShopConditionsBlockData = {
  type: "shop-conditions";
  items: IconPoint[];
};

/** The company's settings with what the SPA needs of this instance's configuration. */
export type SiteSettings = {
  companyName: string;
  cocNumber: string;
  vatNumber: string;
  /** None until the fixtures are seeded */
  address: SellerAddress | null;
  socialLinks: SocialLinks;
  /** The announcement above every page in this locale (or none) */
  banner?: string | null;
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

export type Statistic = {
  value: string;
  label: string;
};

export type StatisticsBlockData = {
  type: "statistics";
  title?: string | null;
  items: Statistic[];
};

/** Plain paragraphs; rich formatting belongs in the rich-text block. */
export type TextBlockData = {
  type: "text";
  title?: string | null;
  paragraphs: string[];
};

export type TextNode = {
  type: "text";
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
};

export type TextWithMediaBlockData = {
  type: "text-with-media";
  title: string;
  body: RichText;
  image: ImageData;
  imagePosition?: "left" | "right";
  button?: LinkData | null;
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
