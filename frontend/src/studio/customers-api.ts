/**
 * The customer screens' calls: the list and the password-set link
 * (backend/splash/accounts/studio_routes.py), a customer's page, export and erasure
 * (backend/splash/site/studio_routes.py), granting and revoking lessons
 * (backend/splash/academy/studio_routes.py).
 */
import type { ApiClient } from "../lib/api";
import type { Address as OrderAddress, SentMail } from "./orders-api";

export const CUSTOMER_SORTS = ["-created", "created", "email", "-email", "name", "-name"] as const;

export type Customer = {
  id: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  locale: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  createdAt: string;
};
export type CustomerPage = { data: Customer[]; meta: { page: number; pageSize: number; total: number } };
export type CustomerQuery = { q: string; sort: string; page: number };

/** A saved address: an order's address (./orders-api) with its id. */
export type Address = OrderAddress & { id: number };
export type CustomerOrder = { id: number; number: string; createdAt: string; status: string; total: number; refunded: number };
export type GrantSource = "purchase" | "suit_gift" | "granted";
export type Entitlement = {
  id: number;
  lesson: string;
  level: string;
  course: string;
  source: GrantSource;
  order: string | null;
  grantedBy: string | null;
  reason: string | null;
  grantedAt: string;
};
export type CustomerDetail = {
  customer: Customer;
  addresses: Address[];
  orders: CustomerOrder[];
  entitlements: Entitlement[];
};
export const GRANT_KINDS = ["lesson", "level", "course"] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];
export type Erased = { customerId: number; orders: number; formSubmissions: number };

type Data<T> = { data: T };

/** One page of customers; an empty search and the default sort stay out of the query. */
export function listCustomers(client: ApiClient, query: CustomerQuery, pageSize = 50): Promise<CustomerPage> {
  const sent: Record<string, string | number> = { page: query.page, pageSize };
  if (query.q.trim()) sent.q = query.q.trim();
  if (query.sort && query.sort !== "-created") sent.sort = query.sort;
  return client.request<CustomerPage>("GET", "/customers", { query: sent });
}

/** The e-mails sent to a customer, newest first (at most 100). */
export const getCustomerMails = async (client: ApiClient, id: number) => (await client.request<Data<SentMail[]>>("GET", `/customers/${id}/emails`)).data;

export const getCustomer = async (client: ApiClient, id: number) => (await client.request<Data<CustomerDetail>>("GET", `/customers/${id}`)).data;

export const grantLessons = async (client: ApiClient, id: number, kind: GrantKind, key: string, reason: string) =>
  (await client.request<Data<Entitlement[]>>("POST", `/customers/${id}/entitlements`, { body: { [kind]: key, reason } })).data;

export const revokeEntitlement = async (client: ApiClient, id: number, entitlementId: number, reason: string) =>
  (await client.request<Data<Entitlement[]>>("DELETE", `/customers/${id}/entitlements/${entitlementId}`, { body: { reason } })).data;

export const sendPasswordLink = async (client: ApiClient, id: number) =>
  (await client.request<Data<{ queued: boolean; email: string; locale: string }>>("POST", `/customers/${id}/password-link`)).data;

/** Everything stored about the customer, as the JSON file the customer is sent. */
export const exportCustomer = (client: ApiClient, id: number) => client.request<Record<string, unknown>>("GET", `/customers/${id}/export`);

export const eraseCustomer = async (client: ApiClient, id: number, confirm: string) =>
  (await client.request<Data<Erased>>("POST", `/customers/${id}/erase`, { body: { confirm } })).data;
