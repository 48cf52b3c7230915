/** The blog's blocks: the article list, its category filter and its pagination (see collection.tsx). */
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../ui/link";
import { Icon } from "../../../ui/icon";
import type { CollectionListBlockData, FilterBarBlockData, PaginationBlockData } from "../types";
import { useCollection, type FocusRequest } from "./collection";
import type { ArticleCard, EnrichedCollectionListBlock, EnrichedFilterBarBlock } from "./collection-types";
import { ContentImage } from "../../../ui/content-image";
import { formatDate, isoDate } from "./format";
import { PlaceholderBlock } from "./placeholder-block";

function ArticleCardView({ card, heading, language }: { card: ArticleCard; heading: "h2" | "h3"; language: string }) {
  const Heading = heading;
  return (
    <article className="article-card">
      <Heading className="article-card__title">
        <Link className="article-card__link" to={card.path}>
          {card.title}
        </Link>
      </Heading>
      <div className="article-card__media">
        {card.cover ? (
          <ContentImage className="article-card__image" image={card.cover} />
        ) : (
          <span className="article-card__no-image">
            <Icon name="mdi:water" size={48} />
          </span>
        )}
      </div>
      <p className="article-card__meta">
        {card.category ? <span className="article-card__category">{card.category.name}</span> : null}
        <time dateTime={isoDate(card.publishedAt)}>{formatDate(card.publishedAt, language)}</time>
      </p>
      <p className="article-card__excerpt">{card.excerpt}</p>
    </article>
  );
}

type ListProps = {
  title?: string | null;
  entries: ArticleCard[];
  listId?: string;
  busy?: boolean;
  error?: boolean;
  announcement?: string;
  focus?: FocusRequest | null;
};

function ArticleList({ title, entries, listId, busy = false, error = false, announcement, focus = null }: ListProps) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLUListElement>(null);

  // New results are in: move the focus to the first new card (load more) or to the list (other page).
  useLayoutEffect(() => {
    if (!focus) return;
    if (focus.kind === "list") list.current?.focus();
    else list.current?.querySelectorAll<HTMLElement>(".article-card__link")[focus.index]?.focus();
  }, [focus]);

  return (
    <section className="block block-articles" aria-busy={busy || undefined}>
      {title ? <h2 className="block-articles__title">{title}</h2> : null}
      {entries.length > 0 ? (
        <ul className="article-grid" id={listId} ref={list} tabIndex={-1}>
          {entries.map((card) => (
            <li key={card.id}>
              <ArticleCardView card={card} heading={title ? "h3" : "h2"} language={i18n.language} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="block-articles__empty" id={listId}>
          {busy ? t("forms.loading") : t("blocks.articles.empty")}
        </p>
      )}
      {error ? <p className="block-articles__error">{t("forms.failed")}</p> : null}
      {announcement !== undefined ? (
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      ) : null}
    </section>
  );
}

/** A list of articles (driven by the page's filter bar and pagination) or, until the shop opens, of products. */
export function CollectionListBlock({ block }: { block: CollectionListBlockData }) {
  const collection = useCollection();
  if (block.collection === "product") return <PlaceholderBlock kind="products" title={block.title} />;
  const articles = block as EnrichedCollectionListBlock;
  if (!collection || collection.source !== block) {
    return <ArticleList title={block.title} entries={articles.entries ?? []} />;
  }
  const { state } = collection;
  return (
    <ArticleList
      title={block.title}
      entries={state.entries}
      listId={collection.listId}
      busy={state.status === "loading"}
      error={state.status === "error"}
      announcement={state.announcement}
      focus={state.focus}
    />
  );
}

/** Category buttons ("All" first) that filter the page's article list. */
export function FilterBarBlock({ block }: { block: FilterBarBlockData }) {
  const { t } = useTranslation();
  const collection = useCollection();
  const categories = (block as EnrichedFilterBarBlock).categories ?? [];
  if (!collection || categories.length === 0) return null;
  const current = collection.state.category;
  const options = [{ slug: null, name: t("blocks.articles.all") }, ...categories];
  return (
    <div className="block block-filter-bar">
      <div className="filter-bar" role="group" aria-label={t("blocks.articles.filter")}>
        {options.map((option) => (
          <button
            key={option.slug ?? ""}
            type="button"
            className="filter-bar__option"
            aria-pressed={current === option.slug}
            aria-controls={collection.listId}
            onClick={() => collection.selectCategory(option.slug)}
          >
            {option.name}
          </button>
        ))}
      </div>
    </div>
  );
}

/** "Load more" below the page's article list, or Previous / page x of y / Next. */
export function PaginationBlock({ block }: { block: PaginationBlockData }) {
  const { t } = useTranslation();
  const collection = useCollection();
  const pagination = collection?.state.pagination;
  if (!collection || !pagination) return null;
  const { page, pageCount } = pagination;
  const loading = collection.state.status === "loading";

  if ((block.mode ?? "load-more") === "load-more") {
    if (page >= pageCount) return null;
    return (
      <div className="block block-pagination">
        <button
          type="button"
          className="button button--secondary"
          aria-controls={collection.listId}
          aria-disabled={loading || undefined}
          onClick={collection.loadMore}
        >
          {loading ? t("forms.loading") : t("forms.loadMore")}
        </button>
      </div>
    );
  }

  if (pageCount <= 1) return null;
  return (
    <nav className="block block-pagination" aria-label={t("blocks.articles.pagination")}>
      <button
        type="button"
        className="button button--secondary pagination__step"
        aria-controls={collection.listId}
        disabled={page <= 1}
        onClick={() => collection.goToPage(page - 1)}
      >
        <Icon name="mdi:chevron-left" />
        {t("forms.previous")}
      </button>
      <p className="pagination__status">{t("blocks.articles.page", { page, pageCount })}</p>
      <button
        type="button"
        className="button button--secondary pagination__step"
        aria-controls={collection.listId}
        disabled={page >= pageCount}
        onClick={() => collection.goToPage(page + 1)}
      >
        {t("forms.next")}
        <Icon name="mdi:chevron-right" />
      </button>
    </nav>
  );
}
