import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../ui/link";
import type { ArticleData } from "../types";
import { ContentImage } from "../../../ui/content-image";
import { formatDate, isoDate } from "./format";
import { RichText } from "../../../ui/rich-text";

/** A blog article: title, date and category, the cover, then the body as rich text. */
export function ArticlePage({ article }: { article: ArticleData }) {
  const { t, i18n } = useTranslation();
  const blogPath = article.path.slice(0, article.path.lastIndexOf("/")) || "/"; // the blog index
  return (
    <article className="article-page">
      <header className="article-page__header">
        <p className="article-page__meta">
          <Link to={blogPath}>{t("blocks.article.backToBlog")}</Link>
          {" · "}
          <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt, i18n.language)}</time>
          {article.category ? <> · {article.category.name}</> : null}
        </p>
        <h1>{article.title}</h1>
        <p className="article-page__excerpt">{article.excerpt}</p>
      </header>
      {article.cover ? <ContentImage image={article.cover} className="article-page__cover" eager /> : null}
      <RichText nodes={article.body} className="article-page__body" />
    </article>
  );
}
