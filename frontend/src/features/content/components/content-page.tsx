import type { PageData } from "../types";
import { Blocks } from "./blocks";

/** A content page from the content system: its blocks, with an h1 even when no block has one. */
export function ContentPage({ page }: { page: PageData }) {
  const hasIntro = page.blocks.some((block) => block.type === "intro");
  return (
    <article className="content-page">
      {hasIntro ? null : <h1 className="content-page__title">{page.title}</h1>}
      <Blocks blocks={page.blocks} />
    </article>
  );
}
