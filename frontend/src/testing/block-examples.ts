/** One example block of every type, for the block tests (never part of the app bundle). */
import type { BlockData } from "../features/content/types";
import type { EnrichedCollectionListBlock, EnrichedFilterBarBlock } from "../features/content/components/collection-types";

const image = { src: "/media/swim.jpg", alt: "Kids in the pool", width: 1200, height: 800 };
const body = [{ type: "paragraph" as const, children: [{ type: "text" as const, text: "Splashing fun." }] }];
const points = [{ icon: "mdi:truck-fast", title: "Fast delivery", text: "Within 1 to 3 days." }];

export type Examples = { [K in BlockData["type"]]: Extract<BlockData, { type: K }> };

/** One block of every type (the mapped type makes this fail to compile when a type is missing). */
export const EXAMPLES: Examples = {
  intro: { type: "intro", eyebrow: "New", title: "Float suits for brave swimmers", text: "From 3 years.", button: { label: "Shop now", path: "/shop" }, image },
  text: { type: "text", title: "About us", paragraphs: ["We love water."] },
  "rich-text": { type: "rich-text", body },
  "text-with-media": { type: "text-with-media", title: "Made to float", body, image, imagePosition: "left", button: { label: "More", path: "/about" } },
  buttons: { type: "buttons", buttons: [{ label: "Shop", path: "/shop" }, { label: "Academy", path: "/academy", variant: "secondary" }] },
  "call-to-action": { type: "call-to-action", title: "Ready to swim?", text: "Order today.", button: { label: "Order", path: "/shop" }, image },
  faq: { type: "faq", title: "FAQ", items: [{ question: "From what age?", answer: body }] },
  "consent-embed": { type: "consent-embed", title: "Our video", provider: "vimeo", url: "https://vimeo.com/76979871", aspectRatio: "16:9" },
  marquee: { type: "marquee", items: ["Free shipping", "Free lessons"] },
  reviews: { type: "reviews", title: "Reviews", items: [{ name: "Sanne", rating: 5, text: "Great!", date: "2025-05-03" }] },
  statistics: { type: "statistics", title: "In numbers", items: [{ value: "12,000+", label: "happy swimmers" }] },
  "blog-intro": { type: "blog-intro", title: "Swimming blog", text: "Tips for parents." },
  "filter-bar": { type: "filter-bar", collection: "article", by: "category", categories: [{ slug: "tips", name: "Tips" }] } as EnrichedFilterBarBlock,
  "collection-list": {
    type: "collection-list",
    collection: "article",
    title: "Latest articles",
    entries: [
      {
        id: 1,
        slug: "first",
        title: "First article",
        excerpt: "About the first.",
        cover: image,
        publishedAt: "2025-04-01T08:00:00Z",
        path: "/blog/first",
        category: { slug: "tips", name: "Tips" },
      },
    ],
    pagination: { page: 1, pageSize: 6, pageCount: 2, total: 7 },
  } as EnrichedCollectionListBlock,
  pagination: { type: "pagination", mode: "load-more" },
  "consent-form": { type: "consent-form", title: "Cookie settings", text: "Your choice." },
  form: {
    type: "form",
    form: "contact",
    title: "Contact us",
    successMessage: "Thanks!",
    fields: [{ name: "email", type: "email", rules: "required|email", autocomplete: "email" }],
  },
  item: { type: "item", title: "Float suit Orca", text: "Black and white.", image, link: { label: "View", path: "/shop/orca" } },
  "shop-conditions": { type: "shop-conditions", items: points },
  "selling-points-courses": { type: "selling-points-courses", title: "Why our lessons", items: points },
  "selling-points-shipping": { type: "selling-points-shipping", title: "Shipping", items: points },
  icons: { type: "icons", title: "Good to know", items: [...points, { icon: "mdi:not-in-the-set", title: "Unknown icon" }] },
  cart: { type: "cart" },
  checkout: { type: "checkout" },
  profile: { type: "profile" },
  "order-item": { type: "order-item" },
  "academy-intro": { type: "academy-intro", title: "Splash Academy", text: "Learn to swim at home." },
  "academy-item": { type: "academy-item", course: "level-1" },
  "child-courses": { type: "child-courses", title: "Your child's courses" },
  "product-intro": { type: "product-intro", title: "Float suits" },
  "product-item": { type: "product-item", product: "orca" },
};

export const ALL_TYPES = Object.keys(EXAMPLES) as BlockData["type"][];
export const ALL_BLOCKS: BlockData[] = ALL_TYPES.map((type) => EXAMPLES[type]);
