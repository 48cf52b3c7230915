/**
 * The media library: every image as a grid (newest first, searchable by file name), an upload
 * with its progress, and for the image chosen its alt texts per language, where it is used, a
 * new file for it (every use keeps it) and its removal (refused while it is used).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { studioClient } from "../api";
import { Heading } from "../heading";
import { progressFetch, uploadMedia, type MediaItem } from "../media-api";
import { MoreImages, useMediaPages } from "../media-pages";
import { UploadField, useUploadProgress } from "../media-upload";
import { StatusMessage, type Notice } from "../status";
import { MediaDetail } from "./media-detail";
import { missingAlt, sizeOf, thumbnailOf, uploadProblem, type UploadClient } from "./media-logic";
import "./media.css";

const defaultUploadClient: UploadClient = (onProgress) => studioClient(undefined, progressFetch(onProgress));

export function MediaScreen({ uploadClient = defaultUploadClient }: { uploadClient?: UploadClient }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState("");
  const [asked, setAsked] = useState("");
  const { page, setPage, more: nextPage } = useMediaPages(asked);
  const [chosen, setChosen] = useState<number | null>(null);
  const [progress, uploading] = useUploadProgress();
  const [notice, setNotice] = useState<Notice>(null);
  const focus = useFocusAfterRender();

  const items = page && page !== "failed" ? page.data : [];
  const item = items.find((entry) => entry.id === chosen) ?? null;
  const more = async () => {
    try {
      await nextPage();
    } catch {
      setNotice({ kind: "failed", text: t("studio.failed") });
    }
  };
  const changed = (next: MediaItem) => setPage((was) => (was && was !== "failed" ? { ...was, data: was.data.map((entry) => (entry.id === next.id ? next : entry)) } : was));

  const upload = async (file: File) => {
    try {
      const made = await uploading((onProgress) => uploadMedia(uploadClient(onProgress), file, file.name));
      setPage((was) => (was && was !== "failed" ? { ...was, data: [made, ...was.data], meta: { ...was.meta, total: was.meta.total + 1 } } : was));
      setChosen(made.id);
      setNotice({ kind: "done", text: t("studio.media.uploaded", { name: made.fileName }) });
    } catch (error) {
      setNotice({ kind: "failed", text: uploadProblem(error, t("studio.media.uploadFailed")) });
    }
  };

  return (
    <>
      <Heading>{t("studio.media.title")}</Heading>
      <div className="studio-toolbar">
        <form
          role="search"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setAsked(search);
          }}
        >
          <label htmlFor="studio-media-search">{t("studio.media.search")}</label>{" "}
          <input id="studio-media-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />{" "}
          <button type="submit" className="button button--secondary">
            {t("studio.media.find")}
          </button>
        </form>
        <UploadField id="studio-media-upload" label={t("studio.media.upload")} help={t("studio.media.uploadHelp")} progress={progress} onFile={(file) => void upload(file)} />
      </div>
      <StatusMessage notice={notice} />
      {page === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : page === "failed" ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : items.length === 0 ? (
        <p>{t(asked ? "studio.media.noneFound" : "studio.media.none")}</p>
      ) : (
        <>
          <p className="studio-muted">{t("studio.media.count", { count: page.meta.total })}</p>
          <ul className="studio-media-grid">
            {items.map((entry) => (
              <li key={entry.id}>
                <button
                  id={`studio-media-${entry.id}`}
                  type="button"
                  className="studio-media-tile"
                  aria-pressed={entry.id === chosen}
                  onClick={() => {
                    setChosen(entry.id);
                    focus("studio-media-detail-title");
                  }}
                >
                  <img src={thumbnailOf(entry)} alt="" width={entry.width} height={entry.height} loading="lazy" decoding="async" />
                  <span className="studio-media-name">{entry.fileName}</span>
                  <span className="studio-muted">
                    {entry.width}×{entry.height} · {sizeOf(entry.bytes, i18n.language)}
                  </span>
                  {missingAlt(entry).length ? <span className="studio-tag studio-tag--alert">{t("studio.media.altMissing", { locales: missingAlt(entry).join(", ") })}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          <MoreImages page={page} onMore={() => void more()} />
        </>
      )}
      {item ? (
        <MediaDetail
          key={item.id}
          item={item}
          uploadClient={uploadClient}
          onChanged={(next, text) => {
            changed(next);
            setNotice({ kind: "done", text });
          }}
          onDeleted={(gone) => {
            setPage((was) => (was && was !== "failed" ? { ...was, data: was.data.filter((entry) => entry.id !== gone.id), meta: { ...was.meta, total: was.meta.total - 1 } } : was));
            setChosen(null);
            setNotice({ kind: "done", text: t("studio.media.deleted", { name: gone.fileName }) });
          }}
          onClose={() => {
            setChosen(null);
            focus(`studio-media-${item.id}`);
          }}
        />
      ) : null}
    </>
  );
}
