/**
 * What the server adds to the article blocks of a page payload (on top of types.ts): the first page
 * of a collection list, and the categories of a filter bar.
 */
import type { CollectionListBlockData, FilterBarBlockData, ImageData } from "../types";

export type ArticleCategory = { slug: string; name: string };

export type ArticleCard = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  cover: ImageData | null;
  publishedAt: string;
  path: string;
  category: ArticleCategory | null;
};

export type PaginationMeta = { page: number; pageSize: number; pageCount: number; total: number };

/** A collection-list block as the page payload carries it: articles arrive with their first page. */
export type EnrichedCollectionListBlock = CollectionListBlockData & {
  entries?: ArticleCard[];
  pagination?: PaginationMeta;
};

/** A filter-bar block with the categories to choose from. */
export type EnrichedFilterBarBlock = FilterBarBlockData & { categories?: ArticleCategory[] };
