import { api, type ApiClient } from "../../../lib/api";
import type { ShippingCountry } from "../types";

export type ShippingCountries = { data: ShippingCountry[] };

/** GET /shipping-countries: where Splash ships to, with the shipping cost of each in cents. */
export function getShippingCountries(client: ApiClient = api): Promise<ShippingCountries> {
  return client.request<ShippingCountries>("GET", "/shipping-countries");
}
