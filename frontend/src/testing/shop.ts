/** Products as the API sends them (English texts of fixtures/en/catalog.yaml), for the shop's tests only. */
import { suitImage, variantFixture } from "./cart";
import type { Colour, ProductCard, ProductData, ProductVariant, Size, SizeGuideRow } from "../features/shop/types";

export const SIZE_GUIDE: SizeGuideRow[] = [
  { size: "xs", sizeLabel: "XS", minKg: 12, maxKg: 15, age: "3–4" },
  { size: "s", sizeLabel: "S", minKg: 15, maxKg: 18, age: "4–5" },
  { size: "m", sizeLabel: "M", minKg: 18, maxKg: 22, age: "5–6" },
  { size: "l", sizeLabel: "L", minKg: 22, maxKg: 26, age: "6–8" },
  { size: "xl", sizeLabel: "XL", minKg: 26, maxKg: 30, age: "8–9" },
  { size: "xxl", sizeLabel: "XXL", minKg: 30, maxKg: 35, age: "9–10" },
  { size: "xxxl", sizeLabel: "3XL", minKg: 35, maxKg: 40, age: "10–12" },
];

const SIZES: Size[] = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"];
const COLOURS: Colour[] = ["blue", "pink"];

/** The 14 variants of the float suit: ids 11–17 blue, 21–27 pink (XS…3XL); pink 3XL is sold out. */
export function suitVariants(): ProductVariant[] {
  return COLOURS.flatMap((colour, c) =>
    SIZES.map((size, s) => {
      const soldOut = colour === "pink" && size === "xxxl";
      const variant: ProductVariant & { product?: unknown } = variantFixture({ id: 11 + c * 10 + s, colour, size, stock: soldOut ? 0 : 7, available: !soldOut });
      delete variant.product;
      return variant;
    }),
  );
}

export function cardFixture(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: 1,
    key: "splash-float-suit",
    type: "physical",
    slug: "splash-float-suit",
    path: "/shop/splash-float-suit",
    title: "Splash float suit",
    intro: "The swimsuit with eight floats that come out one by one.",
    introImage: suitImage("blue"),
    priceFrom: 4995,
    colours: ["blue", "pink"],
    available: true,
    ...overrides,
  };
}

export function productFixture(overrides: Partial<ProductData> = {}): ProductData {
  return {
    ...cardFixture(),
    introImage: suitImage("blue"),
    description: [
      { type: "paragraph", children: [{ type: "text", text: "The Splash float suit is a snug one-piece swimsuit." }] },
      { type: "heading", level: 2, children: [{ type: "text", text: "Fewer floats, step by step" }] },
    ],
    images: [suitImage("blue"), suitImage("pink"), { src: "/media/products/splash-float-suit-floats.webp", alt: "Two empty float pockets", width: 1200, height: 900 }],
    minAgeYears: 3,
    sizeGuide: SIZE_GUIDE,
    variants: suitVariants(),
    localizations: [{ locale: "nl", slug: "splash-drijfpak", path: "/shop/splash-drijfpak" }],
    seo: { title: "Splash float suit | Splash", description: "Float suit", image: "/media/products/splash-float-suit-blue.webp" },
    ...overrides,
  };
}
