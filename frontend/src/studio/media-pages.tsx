/**
 * The media library page by page, as the library screen and the picker show it: the first page
 * of what `asked` finds (again when it changes), more on request (without repeating an image an
 * upload has already put first), and the button that asks for them.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { useTranslation } from "../lib/i18n";
import { listMedia, type MediaPage } from "./media-api";
import { useSession } from "./session";

/** null while loading; "failed" when the first page could not be had. */
export type Pages = MediaPage | null | "failed";

export function useMediaPages(asked: string, pageSize?: number): { page: Pages; setPage: Dispatch<SetStateAction<Pages>>; more: () => Promise<void> } {
  const { client } = useSession();
  const [page, setPage] = useState<Pages>(null);
  useEffect(() => {
    let current = true;
    listMedia(client, asked, 1, pageSize).then(
      (found) => current && setPage(found),
      () => current && setPage("failed"),
    );
    return () => {
      current = false;
    };
  }, [client, asked, pageSize]);
  const more = async () => {
    if (!page || page === "failed") return;
    const next = await listMedia(client, asked, page.meta.page + 1, page.meta.pageSize);
    const known = new Set(page.data.map((item) => item.id));
    setPage({ data: [...page.data, ...next.data.filter((item) => !known.has(item.id))], meta: next.meta });
  };
  return { page, setPage, more };
}

/** "Show more images" while the library has more than is shown. */
export function MoreImages({ page, onMore }: { page: Pages; onMore: () => void }) {
  const { t } = useTranslation();
  if (!page || page === "failed" || page.data.length >= page.meta.total) return null;
  return (
    <p>
      <button type="button" className="button button--secondary" onClick={onMore}>
        {t("studio.media.more")}
      </button>
    </p>
  );
}
