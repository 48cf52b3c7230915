/**
 * Published pages carry prices and availability of the moment they were published; after
 * hydration the shop asks the API for today's values and lays them over the published ones (pure).
 */
import type { ProductCard, ProductVariant } from "../types";

/**
 * The published variants with today's price, stock and availability (GET /products/{id}); a
 * variant the live answer no longer has cannot be bought.
 */
export function withLiveValues(published: ProductVariant[], live: ProductVariant[]): ProductVariant[] {
  const byId = new Map(live.map((variant) => [variant.id, variant]));
  return published.map((variant) => {
    const now = byId.get(variant.id);
    return now ? { ...variant, price: now.price, stock: now.stock, available: now.available } : { ...variant, stock: 0, available: false };
  });
}

/** The published cards with today's lowest price and availability; a product no longer listed cannot be bought. */
export function withLiveCards(published: ProductCard[], live: ProductCard[]): ProductCard[] {
  const byKey = new Map(live.map((card) => [card.key, card]));
  return published.map((card) => {
    const now = byKey.get(card.key);
    return now ? { ...card, priceFrom: now.priceFrom, available: now.available } : { ...card, available: false };
  });
}
