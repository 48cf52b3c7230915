import { api, type ApiClient } from "../../../lib/api";
import type { PaginationMeta } from "../components/collection-types";
import type { BlockData, ImageData, PageData } from "../types";

export type PageLocalization = { id: number; slug: string; locale: string; path: string };
export type PageSeo = { title: string; description: string | null; image: ImageData | null };

/** A page as the generic find lists it: everything but its blocks. */
export type PageSummary = Pick<PageData, "id" | "slug" | "locale" | "title" | "layout"> & {
  path: string;
  seo: PageSeo;
  localizations: PageLocalization[];
};
/** One page as findOne answers it: with its blocks (forms, article lists… enriched by the server). */
export type PageEntry = PageSummary & { blocks: BlockData[] };

export type FindPagesParams = { locale: string; slug?: string | null; page?: number; pageSize?: number };
export type PageList = { data: PageSummary[]; meta: { pagination: PaginationMeta } };
export type PageOne = { data: PageEntry; meta: Record<string, unknown> };

/** GET /pages: published pages of a locale with their localizations, optionally the one with a slug. */
export function findPages({ locale, slug, page, pageSize }: FindPagesParams, client: ApiClient = api): Promise<PageList> {
  return client.find<PageList>("pages", {
    locale,
    filters: slug ? { slug: { $eq: slug } } : undefined,
    pagination: { page, pageSize },
    populate: { localizations: true },
  });
}

/** GET /pages/{id}: one published page with its blocks and localizations (404 when there is none). */
export function findPage(id: number | string, client: ApiClient = api): Promise<PageOne> {
  return client.findOne<PageOne>("pages", id);
}
