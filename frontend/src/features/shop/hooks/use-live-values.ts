/**
 * After hydration, today's prices and availability (they change between publishes). Until they
 * arrive — and when the request fails — the published values stand; nothing runs on the server.
 */
import { useLiveRead } from "../../../lib/live-read";
import { findProduct } from "../api/find-product";
import { findProducts } from "../api/find-products";
import type { ProductCard, ProductData, ProductVariant } from "../types";
import { withLiveCards, withLiveValues } from "../utils/live-values";

/** The product's variants with today's price, stock and availability (GET /products/{id}). */
export function useLiveVariants(product: ProductData): ProductVariant[] {
  const live = useLiveRead(String(product.id), (signal) => findProduct(product.id, undefined, signal));
  return live.current ? withLiveValues(product.variants, live.current.data.variants) : product.variants;
}

/** The cards with today's lowest price and availability (one GET /products for all of them). */
export function useLiveCards(cards: ProductCard[]): ProductCard[] {
  const keys = cards.map((card) => card.key).join(",");
  const live = useLiveRead(keys, (signal) => findProducts(keys.split(","), undefined, signal));
  return live.current ? withLiveCards(cards, live.current.data) : cards;
}
