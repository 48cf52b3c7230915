/**
 * After hydration, today's prices and availability (they change between publishes). Until they
 * arrive — and when the request fails — the published values stand; nothing runs on the server.
 */
import { useEffect, useState } from "react";
import { findProduct } from "../api/find-product";
import { findProducts } from "../api/find-products";
import type { ProductCard, ProductData, ProductVariant } from "../types";
import { withLiveCards, withLiveValues } from "../utils/live-values";

/** The product's variants with today's price, stock and availability (GET /products/{id}). */
export function useLiveVariants(product: ProductData): ProductVariant[] {
  const [live, setLive] = useState<{ id: number; variants: ProductVariant[] } | null>(null);
  useEffect(() => {
    let current = true;
    findProduct(product.id)
      .then(({ data }) => {
        if (current) setLive({ id: product.id, variants: data.variants });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [product.id]);
  return live?.id === product.id ? withLiveValues(product.variants, live.variants) : product.variants;
}

/** The cards with today's lowest price and availability (one GET /products for all of them). */
export function useLiveCards(cards: ProductCard[]): ProductCard[] {
  const keys = cards.map((card) => card.key).join(",");
  const [live, setLive] = useState<{ keys: string; cards: ProductCard[] } | null>(null);
  useEffect(() => {
    if (!keys) return;
    let current = true;
    findProducts(keys.split(","))
      .then(({ data }) => {
        if (current) setLive({ keys, cards: data });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [keys]);
  return live?.keys === keys ? withLiveCards(cards, live.cards) : cards;
}
