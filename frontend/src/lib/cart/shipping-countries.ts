import { api, type ApiClient } from "../api";
import type { ShippingCountry } from "./quote-types";

export type ShippingCountryList = { data: ShippingCountry[] };

/**
 * GET /shipping-countries (spec §7): where Splash ships and what it costs there, in cents. No
 * screen calls it since every cart quote answers the same list (`countries`); the API still serves
 * it to other clients, and this is the SPA client's side of its contract (tree-shaken out of the
 * shop's bundles).
 */
export function findShippingCountries(client: ApiClient = api): Promise<ShippingCountryList> {
  return client.request<ShippingCountryList>("GET", "/shipping-countries");
}
