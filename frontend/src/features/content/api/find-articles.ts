import { api, type ApiClient } from "../../../lib/api";
import type { ArticleCard, PaginationMeta } from "../components/collection-types";

export type FindArticlesParams = { locale: string; page: number; pageSize: number; category?: string | null };
export type ArticlePage = { data: ArticleCard[]; meta: { pagination: PaginationMeta } };

/** GET /articles: one page of published articles in a locale, newest first, optionally of one category. */
export function findArticles({ locale, page, pageSize, category }: FindArticlesParams, client: ApiClient = api): Promise<ArticlePage> {
  return client.find<ArticlePage>("articles", {
    locale,
    pagination: { page, pageSize },
    sort: ["publishedAt:desc"],
    filters: category ? { category: { slug: { $eq: category } } } : undefined,
  });
}
