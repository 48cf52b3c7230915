/** The stock screen's calls (backend/splash/catalog/studio_routes.py). */
import type { ApiClient } from "../lib/api";

export type StockRow = {
  variantId: number;
  product: string;
  title: string;
  colour: string;
  size: string;
  sku: string;
  active: boolean;
  onHand: number;
  reserved: number;
  available: number;
  lowStockThreshold: number;
  low: boolean;
};

type Data<T> = { data: T };

export const listStock = async (client: ApiClient, low: boolean) =>
  (await client.request<Data<StockRow[]>>("GET", "/stock", { query: { low: String(low) } })).data;

export const adjustStock = async (client: ApiClient, variantId: number, change: number, reason: string) =>
  (await client.request<Data<StockRow>>("POST", `/stock/${variantId}/adjustments`, { body: { change, reason } })).data;

export const setThreshold = async (client: ApiClient, variantId: number, lowStockThreshold: number) =>
  (await client.request<Data<StockRow>>("PATCH", `/stock/${variantId}`, { body: { lowStockThreshold } })).data;
