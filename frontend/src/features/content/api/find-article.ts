import { api, type ApiClient } from "../../../lib/api";
import type { ArticleData } from "../types";

export type ArticleOne = { data: ArticleData; meta: Record<string, unknown> };

/**
 * GET /articles/{id}: one published article with its body, SEO and localizations. A 404
 * NotFoundError when there is none; a 400 ValidationError for an id that is not a whole number.
 */
export function findArticle(id: number | string, client: ApiClient = api): Promise<ArticleOne> {
  return client.findOne<ArticleOne>("articles", id);
}
