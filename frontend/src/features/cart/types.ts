/** The cart quote and shipping countries as the API sends them (contracts/catalog-api.md). Money in cents. */
import type { CartLine, CartOption } from "../../lib/cart";
import type { ShippingCountry as ShippingCountryCode } from "../../lib/vocabulary";

export type { ShippingCountryCode };

export type ShippingCountry = { iso: ShippingCountryCode; shippingCost: number };

export type QuoteRequest = { items: CartLine[]; country?: ShippingCountryCode };

/** A priced line; `available` is false when the variant cannot be sold in this quantity now. */
export type QuoteItem = {
  variantId: number;
  quantity: number;
  options: CartOption[];
  unitPrice: number;
  lineTotal: number;
  available: boolean;
  stock: number;
};

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
  /** subtotal + shipping cost when known. */
  total: number;
};
