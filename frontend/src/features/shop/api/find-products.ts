import { api, type ApiClient } from "../../../lib/api";
import type { PaginationMeta, ProductCard } from "../types";

export type ProductList = { data: ProductCard[]; meta: { pagination: PaginationMeta } };

/**
 * GET /products: the products with these keys as cards (with their image), in the domain's
 * language, in the shop's order — how the product blocks refresh price and availability.
 */
export function findProducts(keys: string[], client: ApiClient = api, signal?: AbortSignal): Promise<ProductList> {
  const query = {
    filters: { key: { $in: keys } },
    pagination: { page: 1, pageSize: Math.max(1, keys.length) },
    populate: { introImage: true },
  };
  return client.request<ProductList>("GET", "/products", { query, signal });
}
