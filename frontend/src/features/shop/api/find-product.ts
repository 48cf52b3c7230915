import { api, type ApiClient } from "../../../lib/api";
import type { ProductData } from "../types";

export type ProductOne = { data: ProductData };

/**
 * GET /products/{id}: one product with its description, photos, size guide, variants (price, stock,
 * availability now) and localizations, in the domain's language. 404 when there is none; 400 for
 * an id that is not a number.
 */
export function findProduct(id: number | string, client: ApiClient = api, signal?: AbortSignal): Promise<ProductOne> {
  return client.request<ProductOne>("GET", `/products/${encodeURIComponent(String(id))}`, { signal });
}
