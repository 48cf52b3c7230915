/**
 * An entry's draft while it is edited: the revision the next save is based on, what was saved
 * last, saves one after another (each on the revision the one before answered), and what the
 * API said: field errors (400, at their fields, in the editor's language), a conflict (409: who
 * saved since, and when), or a failure. The form keeps the editor's text through all of them.
 */
import type { TFunction } from "i18next";
import { useCallback, useRef, useState } from "react";
import { ApiError, type ApiClient } from "../../lib/api";
import { sameDocument } from "./document-paths";
import { saveEntry, type Collection, type Conflict, type Document, type Entry } from "./editing-api";

export type DraftStatus = "saved" | "saving" | "failed" | "refused" | "conflict";
export type FieldErrors = Record<string, string>;

/** The 409's who and when, or null for any other failure. */
export function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || pagesBelowOf(error)) return null;
  const { revision, savedBy, savedAt } = error.details as Partial<Conflict>;
  return { revision: Number(revision ?? 0), savedBy: String(savedBy ?? ""), savedAt: String(savedAt ?? "") };
}

/** The published pages a 409 names as below a page that is to be taken off the site, or null. */
export function pagesBelowOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { children } = error.details as { children?: unknown };
  return Array.isArray(children) ? children.map(String) : null;
}

/**
 * The fields a 400 names, worded in the editor's language: a field publishing needs, a slug
 * another entry has, a parent that cannot be; anything else says the API's reason.
 */
export function fieldErrorsOf(error: unknown, t: TFunction): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const found: FieldErrors = {};
  for (const entry of error.details.errors ?? []) {
    const path = entry.path.join(".");
    if (found[path]) continue;
    if (/before publishing/i.test(entry.message)) found[path] = t("studio.editing.errors.requiredToPublish");
    else if (path === "slug" && /taken/i.test(entry.message)) found[path] = t("studio.editing.errors.slugTaken");
    else if (/in the media library/i.test(entry.message)) found[path] = t("studio.editing.errors.libraryAlt");
    else if (path === "parent") found[path] = t("studio.editing.errors.parent");
    else if (path === "at" && /future/i.test(entry.message)) found[path] = t("studio.editing.errors.future");
    else found[path] = t("studio.editing.errors.notAccepted", { reason: entry.message });
  }
  return found;
}

type Where = { client: ApiClient; collection: Collection; entryKey: string; locale: string };

export function useDraft({ client, collection, entryKey, locale }: Where, entry: Entry, t: TFunction) {
  const revision = useRef(entry.revision);
  const saved = useRef<Document | null>(entry.document);
  const refused = useRef<Document | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const blocked = useRef(false);
  const [status, setStatus] = useState<DraftStatus>("saved");
  const [savedBy, setSavedBy] = useState({ by: entry.savedBy, at: entry.savedAt });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [publishAt, setPublishAt] = useState(entry.publishAt);

  const isSaved = useCallback((document: Document) => sameDocument(document, saved.current), []);

  const attempt = useCallback(
    async (document: Document, keepalive: boolean) => {
      if (blocked.current || sameDocument(document, saved.current)) return;
      if (refused.current && sameDocument(document, refused.current)) return;
      setStatus("saving");
      try {
        const answer = await saveEntry(client, collection, entryKey, locale, { revision: revision.current, document }, keepalive);
        revision.current = answer.revision;
        saved.current = document;
        refused.current = null;
        setSavedBy({ by: answer.savedBy, at: answer.savedAt });
        setPublishAt(answer.publishAt);
        setErrors({});
        setStatus("saved");
      } catch (error) {
        const found = conflictOf(error);
        if (found) {
          blocked.current = true;
          setConflict(found);
          setStatus("conflict");
        } else if (error instanceof ApiError && error.status === 400) {
          // Not sent again until it changes; still unsaved, so leaving asks first.
          refused.current = document;
          setErrors(fieldErrorsOf(error, t));
          setStatus("refused");
        } else {
          setStatus("failed");
        }
      }
    },
    [client, collection, entryKey, locale, t],
  );

  /** Saves after the saves already on their way (each needs the revision the last answered). */
  const save = useCallback(
    (document: Document, keepalive = false) => {
      queue.current = queue.current.then(() => attempt(document, keepalive));
      return queue.current;
    },
    [attempt],
  );

  /** After a conflict: go on from their revision (their text reloaded, or yours saved over it). */
  const settle = useCallback((next: { revision: number; document: Document | null; savedBy: string | null; savedAt: string | null }) => {
    blocked.current = false;
    revision.current = next.revision;
    saved.current = next.document;
    setSavedBy({ by: next.savedBy, at: next.savedAt });
    setConflict(null);
    setStatus("saved");
  }, []);

  /** A draft the server answered outside a save (restore, schedule): the new revision. */
  const adopt = useCallback((next: { revision: number; publishAt: string | null; savedBy: string; savedAt: string }, document?: Document) => {
    revision.current = next.revision;
    if (document) saved.current = document;
    setSavedBy({ by: next.savedBy, at: next.savedAt });
    setPublishAt(next.publishAt);
  }, []);

  return {
    save,
    isSaved,
    settle,
    adopt,
    revision: () => revision.current,
    /** Nothing stands in the way: no conflict, and the last save was not refused. */
    canPublish: () => !blocked.current && refused.current === null,
    status,
    conflict,
    setConflict: (found: Conflict) => {
      blocked.current = true;
      setConflict(found);
      setStatus("conflict");
    },
    errors,
    setErrors,
    savedBy,
    publishAt,
  };
}
