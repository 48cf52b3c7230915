import type { PageData } from "../types";
import { Blocks, mainHeadingIndex } from "./blocks";

/** A content page from the content system: its blocks, with an h1 even when no block has one. */
export function ContentPage({ page }: { page: PageData }) {
  const hasMainHeading = mainHeadingIndex(page.blocks) >= 0;
  return (
    <article className="content-page">
      {hasMainHeading ? null : <h1 className="content-page__title">{page.title}</h1>}
      {/* Keyed by page: another page starts with fresh block state (open answers, loaded articles). */}
      <Blocks key={`${page.locale}:${page.id}`} blocks={page.blocks} />
    </article>
  );
}
