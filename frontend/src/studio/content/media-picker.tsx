/**
 * Choosing an image from the media library: a modal dialog (over the whole studio, so it can sit
 * inside the entry's form) with a search by file name, the images as thumbnails (their smallest
 * variant) with their alt text in the entry's language, and an upload that picks the new image.
 * Keyboard: the focus starts in the search and stays in the dialog (Tab wraps), the arrow keys,
 * Home and End move between the images, Enter picks one, Escape closes; closing gives the focus
 * back to what opened the dialog.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../../lib/i18n";
import { studioClient } from "../api";
import { PICKER_PAGE_SIZE, progressFetch, uploadMedia, type MediaItem, type MediaLocale } from "../media-api";
import { MoreImages, useMediaPages } from "../media-pages";
import { UploadField, useUploadProgress } from "../media-upload";
import { thumbnailOf, uploadProblem, type UploadClient } from "../screens/media-logic";
import type { ImageData } from "./rich-text/convert";

const defaultUploadClient: UploadClient = (onProgress) => studioClient(undefined, progressFetch(onProgress));

/** What a block stores of a library image: publishing fills in its file, variants and alt text. */
export const imageOf = (item: MediaItem): ImageData => ({ src: item.url, alt: "", width: item.width, height: item.height, media: item.id });

/** The library item's alt text in `locale`, or "" while it has none there. */
export const altIn = (item: MediaItem, locale: string): string => item.alt[locale as MediaLocale]?.trim() ?? "";

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab wrap inside `dialog`. */
function keepFocusIn(dialog: HTMLElement, event: KeyboardEvent) {
  const all = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = all[0];
  const last = all[all.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

const NEXT: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => Math.min(at + 1, count - 1),
  ArrowDown: (at, count) => Math.min(at + 1, count - 1),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, count) => count - 1,
};

function Tiles({ items, locale, onPick, idPrefix }: { items: MediaItem[]; locale: string; onPick: (item: MediaItem) => void; idPrefix: string }) {
  const { t } = useTranslation();
  const move = (event: KeyboardEvent, at: number) => {
    const next = NEXT[event.key];
    if (!next) return;
    event.preventDefault();
    document.getElementById(`${idPrefix}-${next(at, items.length)}`)?.focus();
  };
  return (
    <ul className="studio-media-grid studio-picker__grid" aria-label={t("studio.picker.images")}>
      {items.map((item, at) => {
        const alt = altIn(item, locale);
        return (
          <li key={item.id}>
            <button id={`${idPrefix}-${at}`} type="button" className="studio-media-tile" onClick={() => onPick(item)} onKeyDown={(event) => move(event, at)}>
              <img src={thumbnailOf(item)} alt="" width={item.width} height={item.height} loading="lazy" decoding="async" />
              <span className="studio-media-name">{item.fileName}</span>
              {alt ? (
                <span className="studio-muted" lang={locale}>
                  {alt}
                </span>
              ) : (
                <span className="studio-tag studio-tag--alert">{t("studio.picker.noAlt", { language: t(`studio.languages.${locale}`) })}</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type Props = { locale: string; onPick: (item: MediaItem) => void; onClose: () => void; uploadClient?: UploadClient };

export function MediaPicker({ locale, onPick, onClose, uploadClient = defaultUploadClient }: Props) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, "");
  const dialog = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [asked, setAsked] = useState("");
  const { page, more: nextPage } = useMediaPages(asked, PICKER_PAGE_SIZE);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, uploading] = useUploadProgress();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    search.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const more = async () => {
    try {
      await nextPage();
    } catch {
      setProblem(t("studio.failed"));
    }
  };

  const upload = async (file: File) => {
    try {
      onPick(await uploading((onProgress) => uploadMedia(uploadClient(onProgress), file, file.name)));
    } catch (error) {
      setProblem(uploadProblem(error, t("studio.media.uploadFailed")));
    }
  };

  const keys = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === "Tab" && dialog.current) {
      keepFocusIn(dialog.current, event);
    }
  };

  const items = page && page !== "failed" ? page.data : [];
  let results: ReactNode;
  if (page === null) results = <p aria-busy="true">{t("studio.loading")}</p>;
  else if (page === "failed") results = <p role="alert">{t("studio.failed")}</p>;
  else if (items.length === 0) results = <p>{t(asked ? "studio.media.noneFound" : "studio.media.none")}</p>;
  else results = <Tiles items={items} locale={locale} onPick={onPick} idPrefix={`${id}-tile`} />;

  return createPortal(
    <div className="studio-picker__backdrop">
      <div ref={dialog} className="studio-picker" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-help`} onKeyDown={keys}>
        <h2 id={`${id}-title`}>{t("studio.picker.title")}</h2>
        <p id={`${id}-help`} className="studio-help">
          {t("studio.picker.help", { language: t(`studio.languages.${locale}`) })}
        </p>
        <p role="search">
          <label htmlFor={`${id}-search`}>{t("studio.media.search")}</label>{" "}
          <input ref={search} id={`${id}-search`} type="search" value={asked} onChange={(event) => setAsked(event.target.value)} />
        </p>
        <p className="studio-muted" role="status">
          {page && page !== "failed" ? t("studio.media.count", { count: page.meta.total }) : ""}
        </p>
        {problem ? <p role="alert">{problem}</p> : null}
        {results}
        <MoreImages page={page} onMore={() => void more()} />
        <UploadField id={`${id}-upload`} label={t("studio.picker.upload")} help={t("studio.media.uploadHelp")} progress={progress} onFile={(file) => void upload(file)} />
        <p className="studio-picker__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t("studio.picker.cancel")}
          </button>
        </p>
      </div>
    </div>,
    document.body,
  );
}

/**
 * A picker opened by a promise: `pick()` shows the dialog and resolves with the chosen image
 * (null when closed without one); render `dialog` where the caller's tree is.
 */
export function useMediaPicker(locale: string): { pick: () => Promise<MediaItem | null>; dialog: ReactNode } {
  const [waiting, setWaiting] = useState<((item: MediaItem | null) => void) | null>(null);
  const pick = () =>
    new Promise<MediaItem | null>((resolve) => {
      setWaiting(() => resolve);
    });
  const done = (item: MediaItem | null) => {
    waiting?.(item);
    setWaiting(null);
  };
  const dialog = waiting ? <MediaPicker locale={locale} onPick={(item) => done(item)} onClose={() => done(null)} /> : null;
  return { pick, dialog };
}
