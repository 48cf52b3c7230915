/**
 * The shared state of a page's article list, its filter bar and its pagination: the blocks sit
 * apart on the page, so they talk through this context (provided by <Blocks> around the page).
 * Until the visitor picks a category or another page, the server's first page is shown as it
 * came with the page (no request on load).
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { api, type ApiClient } from "../../../lib/api";
import { findArticles, type ArticlePage } from "../api/find-articles";
import type { BlockData } from "../types";
import type { ArticleCard, EnrichedCollectionListBlock, PaginationMeta } from "./collection-types";

/** Where the focus goes once new results are in: the first new card (load more) or the list (another page). */
export type FocusRequest = { kind: "entry"; index: number } | { kind: "list" };

export type CollectionState = {
  entries: ArticleCard[];
  pagination: PaginationMeta | null;
  category: string | null;
  status: "idle" | "loading" | "error";
  /** The polite announcement of the last change, e.g. "4 articles found". */
  announcement: string;
  focus: FocusRequest | null;
};

export type CollectionContextValue = {
  /** The collection-list block these controls drive. */
  source: EnrichedCollectionListBlock;
  listId: string;
  state: CollectionState;
  selectCategory(category: string | null): void;
  loadMore(): void;
  goToPage(page: number): void;
};

const CollectionContext = createContext<CollectionContextValue | null>(null);

/** The page's article list state; null when the page has no article list. */
export function useCollection(): CollectionContextValue | null {
  return useContext(CollectionContext);
}

/** The first article list of a page: the one its filter bar and pagination work on. */
export function findArticleList(blocks: BlockData[]): EnrichedCollectionListBlock | null {
  const found = blocks.find((block) => block.type === "collection-list" && block.collection === "article");
  return (found as EnrichedCollectionListBlock | undefined) ?? null;
}

function initialState(block: EnrichedCollectionListBlock): CollectionState {
  return {
    entries: block.entries ?? [],
    pagination: block.pagination ?? null,
    category: block.category ?? null,
    // Without its first page from the server, the list fetches it once mounted.
    status: block.entries === undefined ? "loading" : "idle",
    announcement: "",
    focus: null,
  };
}

/** Appends a page, leaving out articles already shown (new ones may have shifted the pages). */
function appendEntries(current: ArticleCard[], next: ArticleCard[]): ArticleCard[] {
  const seen = new Set(current.map((entry) => entry.id));
  return [...current, ...next.filter((entry) => !seen.has(entry.id))];
}

type Mode = "first" | "filter" | "more" | "page";

type ProviderProps = { block: EnrichedCollectionListBlock | null; client?: ApiClient; children: ReactNode };

export function CollectionProvider({ block, client = api, children }: ProviderProps) {
  if (!block) return <>{children}</>;
  return (
    <ArticleCollection block={block} client={client}>
      {children}
    </ArticleCollection>
  );
}

function ArticleCollection({ block, client, children }: { block: EnrichedCollectionListBlock; client: ApiClient; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  const [state, setState] = useState(() => initialState(block));
  const latest = useRef(0);
  // The category of the articles on screen; a failed request goes back to it.
  const shownCategory = useRef(block.category ?? null);
  const locale = i18n.language;
  const pageSize = state.pagination?.pageSize ?? block.limit ?? 6;

  /** Fetches a page into the state; the state says "loading" already. */
  const fetchInto = useCallback(
    (page: number, category: string | null, mode: Mode) => {
      const request = ++latest.current;
      findArticles({ locale, page, pageSize, category }, client).then(
        (result: ArticlePage) => {
          if (request !== latest.current) return; // a newer choice overtook this one
          shownCategory.current = category;
          const data = result.data ?? [];
          const pagination = result.meta?.pagination ?? { page, pageSize, pageCount: page, total: data.length };
          setState((current) => {
            const entries = mode === "more" ? appendEntries(current.entries, data) : data;
            const announcements: Record<Mode, () => string> = {
              first: () => "",
              filter: () => t("blocks.articles.found", { count: pagination.total }),
              more: () => t("blocks.articles.loaded", { count: entries.length - current.entries.length }),
              page: () => t("blocks.articles.page", { page: pagination.page, pageCount: pagination.pageCount }),
            };
            const announcement = announcements[mode]();
            const focus: FocusRequest | null =
              mode === "more" ? { kind: "entry", index: current.entries.length } : mode === "page" ? { kind: "list" } : null;
            return { entries, pagination, category, status: "idle", announcement, focus };
          });
        },
        () => {
          if (request !== latest.current) return;
          const category = shownCategory.current;
          setState((current) => ({ ...current, category, status: "error", announcement: t("forms.failed"), focus: null }));
        },
      );
    },
    [client, locale, pageSize, t],
  );

  const load = useCallback(
    (page: number, category: string | null, mode: Mode) => {
      setState((current) => ({ ...current, category, status: "loading" }));
      fetchInto(page, category, mode);
    },
    [fetchInto],
  );

  // A page published before its list was filled in by the server: fetch the first page once mounted.
  const needsFirstPage = block.entries === undefined;
  const firstRequested = useRef(false);
  useEffect(() => {
    if (!needsFirstPage || firstRequested.current) return;
    firstRequested.current = true;
    fetchInto(1, block.category ?? null, "first");
  }, [needsFirstPage, fetchInto, block.category]);

  const value = useMemo<CollectionContextValue>(
    () => ({
      source: block,
      listId,
      state,
      selectCategory: (category) => {
        if (category === state.category && state.status !== "error") return;
        load(1, category, "filter");
      },
      loadMore: () => {
        if (state.status === "loading") return;
        load((state.pagination?.page ?? 1) + 1, state.category, "more");
      },
      goToPage: (page) => {
        if (state.status === "loading") return;
        load(page, state.category, "page");
      },
    }),
    [block, listId, state, load],
  );

  return <CollectionContext.Provider value={value}>{children}</CollectionContext.Provider>;
}
