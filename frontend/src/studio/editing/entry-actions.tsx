/**
 * What can be done with an entry's draft: publish it (after saving what is not saved yet; the
 * API's refusal names the empty fields, shown at each), take it off the site (refused while
 * pages below it are on the site, named), publish it at a chosen time (or cancel that; a
 * scheduled publish refused at its time says why until the draft is saved again), and a
 * preview link to send (copy, open). The settings, the shop's shared parts and the academy's
 * texts cannot be taken off the site here.
 */
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useSession } from "../session";
import type { Notice } from "../status";
import { fromLocalInput, localInput } from "./documents";
import { ACADEMY_TEXTS, previewLink, publishEntry, scheduleEntry, SHARED_COLLECTIONS, unpublishEntry, type Collection, type Entry, type PreviewLink } from "./editing-api";
import { formatDateTime } from "./format";
import { conflictOf, fieldErrorsOf, pagesBelowOf, type FieldErrors, type useDraft } from "./use-draft";
import { FieldError } from "./doc-field";

type Props = {
  collection: Collection;
  entryKey: string;
  locale: string;
  entry: Entry;
  draft: ReturnType<typeof useDraft>;
  flush: () => Promise<void>;
  /** A conflict or the browser's checks stand in the way. */
  blocked: boolean;
  onRefused: (fields: FieldErrors) => void;
  onReload: () => void;
  /** A version was kept (the history shows it). */
  onPublished: () => void;
  setNotice: (notice: Notice) => void;
};

export function EntryActions({ collection, entryKey, locale, entry, draft, flush, blocked, onRefused, onReload, onPublished, setNotice }: Props) {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  const [at, setAt] = useState(localInput(draft.publishAt));
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [copied, setCopied] = useState(false);
  const [atError, setAtError] = useState<string | null>(null);
  const [live, setLive] = useState(entry.live !== null);
  const [refused, setRefused] = useState(entry.scheduleRefused);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setAtError(null);
    try {
      await action();
    } catch (error) {
      const conflict = conflictOf(error);
      const fields = fieldErrorsOf(error, t);
      const below = pagesBelowOf(error);
      if (below) setNotice({ kind: "failed", text: t("studio.editing.pagesBelow", { pages: below.join(", ") }) });
      else if (conflict) draft.setConflict(conflict);
      else if (fields.at) setAtError(fields.at);
      else if (Object.keys(fields).length > 0) {
        onRefused(fields);
        setNotice({ kind: "failed", text: t("studio.editing.publishRefused", { count: Object.keys(fields).length }) });
      } else setNotice({ kind: "failed", text: t("studio.failed") });
    } finally {
      setBusy(false);
    }
  };

  const publish = () =>
    run(async () => {
      await flush();
      if (!draft.canPublish()) return;
      const version = await publishEntry(client, collection, entryKey, locale, draft.revision() || undefined);
      setLive(true);
      setRefused(null);
      onPublished();
      setNotice({ kind: "done", text: t("studio.editing.published", { number: version.number }) });
    });
  const unpublish = () =>
    run(async () => {
      await unpublishEntry(client, collection, entryKey, locale);
      setNotice({ kind: "done", text: t("studio.editing.unpublished") });
      onReload();
    });
  const schedule = (when: string | null) =>
    run(async () => {
      await flush();
      const saved = await scheduleEntry(client, collection, entryKey, locale, draft.revision(), when);
      draft.adopt(saved);
      setRefused(null);
      setNotice({ kind: "done", text: saved.publishAt ? t("studio.editing.scheduled", { at: formatDateTime(saved.publishAt, i18n.language) }) : t("studio.editing.scheduleCancelled") });
    });
  const preview = () =>
    run(async () => {
      await flush();
      setCopied(false);
      setLink(await previewLink(client, collection, entryKey, locale));
    });

  const disabled = busy || blocked;
  return (
    <section className="studio-card" aria-labelledby="studio-entry-publish">
      <h2 id="studio-entry-publish">{t("studio.editing.publishTitle")}</h2>
      <p>{live ? t("studio.editing.isLive") : t("studio.editing.notLive")}</p>
      <div className="studio-inline">
        <button type="button" className="button button--primary" disabled={disabled} onClick={() => void publish()}>
          {t("studio.editing.publish")}
        </button>
        {live && !SHARED_COLLECTIONS.includes(collection) && !ACADEMY_TEXTS.includes(collection) ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void unpublish()}>
            {t("studio.editing.unpublish")}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" disabled={disabled} onClick={() => void preview()}>
          {t("studio.editing.preview")}
        </button>
      </div>
      {link ? (
        <div className="field">
          <label className="field__label" htmlFor="studio-entry-preview">
            {t("studio.editing.previewLink", { at: formatDateTime(link.expiresAt, i18n.language) })}
          </label>
          <input id="studio-entry-preview" readOnly value={link.url} onFocus={(event) => event.target.select()} />
          <div className="studio-inline">
            <button type="button" className="button button--secondary" onClick={() => void navigator.clipboard?.writeText(link.url).then(() => setCopied(true))}>
              {copied ? t("studio.editing.copied") : t("studio.editing.copy")}
            </button>
            <a className="button button--secondary" href={link.url} target="_blank" rel="noopener">
              {t("studio.editing.openPreview")}
            </a>
          </div>
        </div>
      ) : null}
      {refused && draft.revision() === entry.revision ? (
        <p className="studio-notice studio-notice--failed">{t("studio.editing.scheduleRefused", { reason: refused })}</p>
      ) : null}
      <div className="field" data-invalid={atError ? "true" : undefined}>
        <label className="field__label" htmlFor="studio-entry-at">
          {t("studio.editing.publishAt")}
        </label>
        <input
          id="studio-entry-at"
          type="datetime-local"
          value={at}
          aria-invalid={atError ? true : undefined}
          aria-describedby={atError ? "studio-entry-at-error" : undefined}
          onChange={(event) => setAt(event.target.value)}
        />
        <FieldError id="studio-entry-at-error" error={atError} />
        <div className="studio-inline">
          <button type="button" className="button button--secondary" disabled={disabled || !fromLocalInput(at)} onClick={() => void schedule(fromLocalInput(at))}>
            {t("studio.editing.schedule")}
          </button>
          {draft.publishAt ? (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void schedule(null)}>
              {t("studio.editing.cancelSchedule", { at: formatDateTime(draft.publishAt, i18n.language) })}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
