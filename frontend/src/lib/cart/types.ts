/** The cart's lines and the catalog's variants as the API sends them (contracts/catalog-api.md). */
import type { ImageData } from "../../ui/rich-text-types";
import type { ProductType } from "../vocabulary";

export type Colour = "blue" | "pink";
export type Size = "xs" | "s" | "m" | "l" | "xl" | "xxl" | "xxxl";

/** A free-form choice on a line (at most 10 per line, key and value 1–64 characters). */
export type CartOption = { key: string; value: string };

/** What the `cart` cookie keeps of a line: which variant, how many, which options. */
export type CartLine = { variantId: number; quantity: number; options: CartOption[] };

/** Which line: a variant with its options (the same variant with other options is another line). */
export type LineRef = Pick<CartLine, "variantId" | "options">;

/**
 * GET /product-variants/{id} with both populate flags: the variant with its image and the product
 * it belongs to. Money in cents.
 */
export type Variant = {
  id: number;
  sku: string;
  colour: Colour;
  size: Size;
  /** How the size is shown: "M", "3XL". */
  sizeLabel: string;
  /** "Splash float suit – Blue, M" */
  title: string;
  price: number;
  stock: number;
  /** Sellable now: switched on and in stock. */
  available: boolean;
  introImage?: ImageData | null;
  product: {
    id: number;
    key: string;
    type: ProductType;
    slug: string | null;
    path: string | null;
    title: string;
    introImage?: ImageData | null;
  };
};
