/**
 * Products as the API sends them (contracts/catalog-api.md): the list entry (a card), the full
 * product of its page, and the product blocks as the page payload carries them. Money in cents.
 */
import type { Colour, Size, Variant } from "../../lib/cart";
import type {
  CollectionListBlockData,
  ProductIntroBlockData,
  ProductItemBlockData as ProductItemBlock,
  ProductPublic,
} from "../../lib/payload-types";
import type { ProductType } from "../../lib/vocabulary";
import type { ImageData } from "../../ui/rich-text-types";

export type { Colour, Size };

/** A product as GET /products lists it (and the product blocks show it). */
export type ProductCard = {
  id: number;
  key: string;
  type: ProductType;
  slug: string;
  path: string;
  title: string;
  intro: string;
  /** Only when asked for (populate[introImage]); the page payload's cards may come without. */
  introImage?: ImageData | null;
  priceFrom: number;
  colours: Colour[];
  available: boolean;
};

/** One row of the size guide: a size fits children of minKg up to maxKg. */
export type SizeGuideRow = { size: Size; sizeLabel: string; minKg: number; maxKg: number; age: string };

/** A variant as part of its product (no `product` of its own). */
export type ProductVariant = Omit<Variant, "product">;

/** GET /products/{id}, and `payload.product` of a product page: generated from the backend's model. */
export type ProductData = ProductPublic;

export type PaginationMeta = { page: number; pageSize: number; pageCount: number; total: number };

/** A collection-list block of products: the server adds the first products (`entries`). */
export type ProductListBlockData = CollectionListBlockData & { entries?: ProductCard[] };

/** A product-item block: the server adds the product's card (`entry`, null when it is not published). */
export type ProductItemBlockData = ProductItemBlock & { entry?: ProductCard | null };

export type { ProductIntroBlockData };
