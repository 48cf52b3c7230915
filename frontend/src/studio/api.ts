/**
 * The studio's calls (backend/splash/staff/routes.py), over the SPA's one client: same origin,
 * the session in the studio's HttpOnly cookie (sent only to /api/studio), never a bearer. Each
 * call takes the client, so the Pact tests run the very same functions against their mock server.
 */
import { config } from "../lib/config";
import { createApiClient, type ApiClient } from "../lib/api";

export const ROLES = ["owner", "shop", "editor"] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_LOCALES = ["nl", "en", "de", "es", "fr", "sv"] as const;
export type StaffLocale = (typeof STAFF_LOCALES)[number];

export type Staff = {
  id: number;
  email: string;
  name: string;
  role: Role;
  locale: StaffLocale;
  setUp: boolean;
  createdAt: string;
};

export type Me = { staff: Staff; permissions: string[]; sessionExpiresAt: string };
export type SetupOpened = { email: string; name: string; totpSecret: string; totpUri: string };
export type SetupDone = { me: Me; recoveryCodes: string[] };

export type ActivityEntry = {
  id: number;
  at: string;
  actorId: number | null;
  actor: string;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  address: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
};
export type ActivityFilter = { actor?: string; action?: string; subjectType?: string; subjectId?: string; since?: string; until?: string };
export type ActivityPage = { data: ActivityEntry[]; meta: { page: number; pageSize: number; total: number } };

type Data<T> = { data: T };

/** The studio's client: /api/studio on this origin, the cookie sent as fetch sends it same-origin. */
export function studioClient(baseURL = config.apiBaseURL, fetcher: typeof fetch = (input, init) => fetch(input, init)): ApiClient {
  return createApiClient({
    baseURL,
    prefix: `${config.apiPrefix}/studio`,
    fetch: (input, init) => fetcher(input, { ...init, credentials: "same-origin" }),
  });
}

export const signIn = async (client: ApiClient, body: { email: string; password: string; code: string }) =>
  (await client.request<Data<Me>>("POST", "/session", { body })).data;

export const signOut = (client: ApiClient) => client.request<{ signedOut: boolean }>("DELETE", "/session");

export const getMe = async (client: ApiClient) => (await client.request<Data<Me>>("GET", "/me")).data;

export const openSetup = async (client: ApiClient, token: string) =>
  (await client.request<Data<SetupOpened>>("POST", "/setup/open", { body: { token } })).data;

export const finishSetup = async (client: ApiClient, body: { token: string; password: string; code: string }) =>
  (await client.request<Data<SetupDone>>("POST", "/setup", { body })).data;

export const listStaff = async (client: ApiClient) => (await client.request<Data<Staff[]>>("GET", "/staff")).data;

export const inviteStaff = async (client: ApiClient, body: { email: string; name: string; role: Role; locale: StaffLocale }) =>
  (await client.request<Data<Staff>>("POST", "/staff", { body })).data;

export const changeRole = async (client: ApiClient, id: number, role: Role) =>
  (await client.request<Data<Staff>>("PATCH", `/staff/${id}`, { body: { role } })).data;

export const removeStaff = async (client: ApiClient, id: number) => (await client.request<Data<Staff>>("DELETE", `/staff/${id}`)).data;

export const sendSetupLinkAgain = async (client: ApiClient, id: number) =>
  (await client.request<Data<Staff>>("POST", `/staff/${id}/invitation`)).data;

/** One page of the activity log, newest first; empty filters are left out of the query. */
export function listActivity(client: ApiClient, filter: ActivityFilter, page: number, pageSize = 50): Promise<ActivityPage> {
  const query: Record<string, string | number> = { page, pageSize };
  for (const [name, value] of Object.entries(filter)) if (value) query[name] = value;
  return client.request<ActivityPage>("GET", "/activity", { query });
}
