/** The cart quote and shipping countries as the API sends them (contracts/catalog-api.md). Money in cents. */
import type { ImageData } from "../../ui/rich-text-types";
import type { LineRefusal, ProductType, ShippingCountry as ShippingCountryCode } from "../vocabulary";
import type { CartLine, CartOption } from "./types";

export type { ShippingCountryCode };

export type ShippingCountry = { iso: ShippingCountryCode; shippingCost: number };

export type QuoteRequest = { items: CartLine[]; country?: ShippingCountryCode };

/**
 * A priced line with what the cart shows of it; `available` is false when the variant cannot be
 * sold in this quantity now. `vat` is the part of `lineTotal` that is VAT.
 */
export type QuoteItem = {
  variantId: number;
  quantity: number;
  options: CartOption[];
  /** The product's title: "Splash float suit". */
  title: string;
  /** "Blue, M" */
  variantLabel: string;
  image: ImageData | null;
  productPath: string | null;
  unitPrice: number;
  lineTotal: number;
  vat: number;
  available: boolean;
  stock: number;
  /** Digital lines (lessons) are bought once and not shipped. */
  productType: ProductType;
  /** Why a line of lessons cannot be bought: owned already, or a larger line unlocks it. */
  refusal: LineRefusal | null;
};

/** The VAT the prices include: at the destination's rate (the shop's home rate before one is known). */
export type QuoteVat = { country: ShippingCountryCode; rate: number; shipping: number; total: number };

/** "cost": the country's cost; "free": nothing to ship; "tbd": no country known yet (cost null). */
export type ShippingQuote =
  | { status: "cost"; cost: number; country: ShippingCountryCode }
  | { status: "free"; cost: 0; country: null }
  | { status: "tbd"; cost: null; country: null };

export type CartQuote = {
  items: QuoteItem[];
  /** Lines naming no variant. */
  dropped: { variantId: number; reason: string }[];
  physical: boolean;
  subtotal: number;
  shipping: ShippingQuote;
  vat: QuoteVat;
  /** subtotal + shipping cost when known. */
  total: number;
  /** Where Splash ships to: the country choice needs no request of its own. */
  countries: ShippingCountry[];
};
