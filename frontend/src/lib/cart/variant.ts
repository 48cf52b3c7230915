import { api, type ApiClient } from "../api";
import type { Variant } from "./types";

export type VariantOne = { data: Variant };

/** Spec §7's populate: the variant's intro image and its product's. */
const WITH_IMAGES = { populate: { introImage: true, product: { populate: { introImage: true } } } };

/**
 * GET /product-variants/{id} with both images (spec §7). No screen calls it since one cart quote
 * (quoteCart) brings everything a line shows; the API still serves it to other clients, and this
 * is the SPA client's side of its contract (tree-shaken out of the shop's bundles). 404 for an
 * unknown id, 400 for an id that is not a number.
 */
export function findVariant(id: number | string, client: ApiClient = api): Promise<VariantOne> {
  return client.findOne<VariantOne>("product-variants", id, WITH_IMAGES);
}
