/** The catalog call the cart store makes (contracts/catalog-api.md). */
import { api, type ApiClient } from "../api";
import type { Variant } from "./types";

export type VariantOne = { data: Variant };

/**
 * GET /product-variants/{id} with the variant's and the product's image: what a cart line shows.
 * A 404 NotFoundError when the variant no longer exists; a 400 for an id that is not a number.
 */
export function getVariant(id: number | string, client: ApiClient = api): Promise<VariantOne> {
  return client.request<VariantOne>("GET", `/product-variants/${encodeURIComponent(String(id))}`, {
    query: { populate: { introImage: true, product: { populate: { introImage: true } } } },
  });
}
