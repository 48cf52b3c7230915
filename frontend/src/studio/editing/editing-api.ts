/**
 * The editing calls (backend/splash/site/editing_routes.py, contracts/editing-api.md): entries
 * of a collection per language, drafts saved on a revision (409: someone saved since),
 * publishing, scheduling, history and preview links. Each call takes the studio's client, so
 * the Pact tests run these very functions.
 */
import type { ApiClient } from "../../lib/api";

export const COLLECTIONS = [
  "page",
  "article",
  "menu",
  "settings",
  "banner",
  "product",
  "product-setup",
  "variant",
  "price",
  "size-guide",
  "course",
  "course-outline",
  "level",
  "lesson",
  "offer",
  "free-lessons",
] as const;
export type Collection = (typeof COLLECTIONS)[number];
/** Collections kept once for the whole shop, not per language. */
export const SHARED_COLLECTIONS: readonly Collection[] = ["settings", "product-setup", "variant", "price", "size-guide", "course-outline", "offer", "free-lessons"];
/** The collections the owner alone edits (permission `settings`): the API's `/collections` has the last word. */
export const OWNER_COLLECTIONS: readonly Collection[] = ["settings", "banner", "price", "offer", "free-lessons"];
/** Collections whose new entries are made from their list (`POST /content/<collection>`), each
 * with the collection that owns them (a variant's product, a level's course, a lesson's level). */
export const CREATABLE = { variant: "product-setup", level: "course", lesson: "level" } as const;
export type Creatable = keyof typeof CREATABLE;
/** The academy's texts: published, they cannot be taken off the site (the API answers 400). */
export const ACADEMY_TEXTS: readonly Collection[] = ["course", "level", "lesson"];
/** Collections whose document is money: `price` in whole cents, shown in euros. */
export const MONEY_COLLECTIONS: readonly Collection[] = ["price", "offer"];

/** A collection as `GET /content/collections` describes it for the signed-in role. */
export type CollectionRight = { name: string; localized: boolean; permission: string; editable: boolean };

export type Document = Record<string, unknown>;

export type EntrySummary = {
  key: string;
  title: string;
  live: boolean;
  translated: boolean;
  drafted: boolean;
  path: string | null;
  /** An article's category key and the date it shows (null for other collections). */
  category?: string | null;
  date?: string | null;
  /** A course's, level's or lesson's id (a lesson's video panel is /studio/lessons/<id>/video). */
  id?: number | null;
  /** A lesson's video's length in milliseconds (what its minutes are when none are typed). */
  videoMs?: number | null;
};

export type Entry = {
  collection: Collection;
  key: string;
  locale: string;
  document: Document | null;
  revision: number;
  savedBy: string | null;
  savedAt: string | null;
  live: Document | null;
  publishedRevision: number | null;
  publishAt: string | null;
  /** Why the scheduled publish was refused at its time, until the draft is saved, published or scheduled again. */
  scheduleRefused: string | null;
  missing: string[];
};

export type Saved = { revision: number; savedBy: string; savedAt: string; publishAt: string | null };
export type Version = { number: number; publishedBy: string; publishedAt: string };
export type FieldChange = { path: string; before: unknown; after: unknown };
export type PreviewLink = { url: string; expiresAt: string };
/** The 409's details: the revision stored now, who saved it and when. */
export type Conflict = { revision: number; savedBy: string; savedAt: string };

type Data<T> = { data: T };

/** The query naming an entry's language; the shared collections have none. */
const inLocale = (collection: Collection, locale: string) => ({ locale: SHARED_COLLECTIONS.includes(collection) ? "" : locale });
const entryPath = (collection: Collection, key: string, rest = "") => `/content/${collection}/${encodeURIComponent(key)}${rest}`;

/** A blog category as `GET /content/categories` answers it, its name in the language asked. */
export type Category = { key: string; slug: string; name: string };

export const listCategories = async (client: ApiClient, locale: string) => (await client.request<Data<Category[]>>("GET", "/content/categories", { query: { locale } })).data;

export const listCollections = async (client: ApiClient) => (await client.request<Data<CollectionRight[]>>("GET", "/content/collections")).data;

export const listEntries = async (client: ApiClient, collection: Collection, locale: string) =>
  (await client.request<Data<EntrySummary[]>>("GET", `/content/${collection}`, { query: inLocale(collection, locale) })).data;

export const getEntry = async (client: ApiClient, collection: Collection, key: string, locale: string) =>
  (await client.request<Data<Entry>>("GET", entryPath(collection, key), { query: inLocale(collection, locale) })).data;

/** A save (autosave too); `keepalive` lets the last one outlive a closing tab. */
export const saveEntry = async (
  client: ApiClient,
  collection: Collection,
  key: string,
  locale: string,
  body: { revision: number; document: Document },
  keepalive = false,
) => (await client.request<Data<Saved>>("PUT", entryPath(collection, key), { query: inLocale(collection, locale), body, keepalive })).data;

export const publishEntry = async (client: ApiClient, collection: Collection, key: string, locale: string, revision?: number) =>
  (await client.request<Data<Version>>("POST", entryPath(collection, key, "/publish"), { query: inLocale(collection, locale), body: revision ? { revision } : {} })).data;

export const unpublishEntry = async (client: ApiClient, collection: Collection, key: string, locale: string) =>
  (await client.request<Data<Entry>>("POST", entryPath(collection, key, "/unpublish"), { query: inLocale(collection, locale) })).data;

/** Publish `revision` at `at` (an ISO time with its zone); null cancels. */
export const scheduleEntry = async (client: ApiClient, collection: Collection, key: string, locale: string, revision: number, at: string | null) =>
  (await client.request<Data<Saved>>("PUT", entryPath(collection, key, "/schedule"), { query: inLocale(collection, locale), body: { revision, at } })).data;

export const listVersions = async (client: ApiClient, collection: Collection, key: string, locale: string) =>
  (await client.request<Data<Version[]>>("GET", entryPath(collection, key, "/versions"), { query: inLocale(collection, locale) })).data;

export const versionChanges = async (client: ApiClient, collection: Collection, key: string, locale: string, number: number) =>
  (await client.request<Data<FieldChange[]>>("GET", entryPath(collection, key, `/versions/${number}/changes`), { query: inLocale(collection, locale) })).data;

export const restoreVersion = async (client: ApiClient, collection: Collection, key: string, locale: string, number: number) =>
  (await client.request<Data<Saved>>("POST", entryPath(collection, key, `/versions/${number}/restore`), { query: inLocale(collection, locale) })).data;

export const previewLink = async (client: ApiClient, collection: Collection, key: string, locale: string) =>
  (await client.request<Data<PreviewLink>>("POST", entryPath(collection, key, "/preview"), { query: inLocale(collection, locale) })).data;

export const slugFor = async (client: ApiClient, title: string, locale: string) =>
  (await client.request<Data<string>>("GET", "/content/slug", { query: { title, locale } })).data;

/** A new entry made live: a variant (product, colour, size; the owner's price in cents), a level
 * (course, title), a lesson (level, title, minutes). 409 names `key` when it is taken. */
export const createEntry = async (client: ApiClient, collection: Creatable, key: string, locale: string, fields: Document) =>
  (await client.request<Data<Entry>>("POST", `/content/${collection}`, { query: inLocale(collection, locale), body: { key, fields } })).data;
