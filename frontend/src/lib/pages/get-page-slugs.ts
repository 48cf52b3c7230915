import { api, type ApiClient } from "../api";

/** A translation of the page: its id, slug and locale (the fields asked for). */
export type PageSlugLocalization = { id: number; slug: string; locale: string };
export type PageSlugs = { id: number; slug: string; locale: string; path: string; localizations: PageSlugLocalization[] };
export type PageSlugsResponse = { data: PageSlugs };

/**
 * GET /slugify/slugs/page/{slug}?locale=: the page with this slug in this locale and the slug of
 * each of its translations, e.g. how 'winkelmand' (nl) resolves into the cart page of every locale.
 * A slug without a page is a 404 NotFoundError.
 */
export function getPageSlugs(slug: string, locale: string, client: ApiClient = api): Promise<PageSlugsResponse> {
  return client.request<PageSlugsResponse>("GET", `/slugify/slugs/page/${encodeURIComponent(slug)}`, {
    query: { locale, populate: { localizations: { fields: ["slug", "locale"] } } },
  });
}
