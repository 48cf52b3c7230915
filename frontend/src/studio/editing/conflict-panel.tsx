/**
 * The conflict screen (a 409 on a save): who saved in between and when, with "show their
 * changes" (field by field, theirs beside yours), "reload" (take theirs; your text stays here
 * to copy, EntryForm shows it) and "keep mine" (save yours over theirs, now that you saw them). Nothing the editor
 * typed is lost: the form keeps it until they choose.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useSession } from "../session";
import { differences, readable, type Difference } from "./document-paths";
import { getEntry, type Collection, type Conflict, type Document, type Entry } from "./editing-api";
import { formatDateTime } from "./format";

export type Theirs = { revision: number; document: Document | null; savedBy: string | null; savedAt: string | null };

type Props = {
  collection: Collection;
  entryKey: string;
  locale: string;
  conflict: Conflict;
  yours: Document;
  onTakeTheirs: (theirs: Theirs) => void;
  onKeepYours: (theirs: Theirs) => void;
};

export function ConflictPanel({ collection, entryKey, locale, conflict, yours, onTakeTheirs, onKeepYours }: Props) {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const [theirs, setTheirs] = useState<Entry | null>(null);
  const [shown, setShown] = useState<Difference[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const fetchTheirs = async () => {
    setFailed(false);
    try {
      const found = theirs ?? (await getEntry(client, collection, entryKey, locale));
      setTheirs(found);
      return found;
    } catch {
      setFailed(true);
      return null;
    }
  };
  const settled = (found: Entry): Theirs => ({ revision: found.revision, document: found.document, savedBy: found.savedBy, savedAt: found.savedAt });

  return (
    <section className="studio-danger studio-conflict" aria-labelledby="studio-conflict-title">
      <h2 id="studio-conflict-title" ref={heading} tabIndex={-1}>
        {t("studio.editing.conflict.title")}
      </h2>
      <p>{t("studio.editing.conflict.text", { name: conflict.savedBy, at: formatDateTime(conflict.savedAt, i18n.language) })}</p>
      <p>{t("studio.editing.conflict.kept")}</p>
      <div className="studio-inline">
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            const found = await fetchTheirs();
            if (found) setShown(differences(found.document ?? {}, yours));
          }}
        >
          {t("studio.editing.conflict.show")}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            const found = await fetchTheirs();
            if (!found) return;
            onTakeTheirs(settled(found));
          }}
        >
          {t("studio.editing.conflict.reload")}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={async () => {
            const found = await fetchTheirs();
            if (found) onKeepYours(settled(found));
          }}
        >
          {t("studio.editing.conflict.keepMine")}
        </button>
      </div>
      {failed ? <p role="alert">{t("studio.failed")}</p> : null}
      {shown ? (
        shown.length === 0 ? (
          <p>{t("studio.editing.conflict.same")}</p>
        ) : (
          <table className="studio-table studio-diff">
            <caption>{t("studio.editing.conflict.caption", { name: conflict.savedBy, count: shown.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("studio.editing.diff.field")}</th>
                <th scope="col">{t("studio.editing.conflict.theirs", { name: conflict.savedBy })}</th>
                <th scope="col">{t("studio.editing.conflict.yours")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((change) => (
                <tr key={change.path}>
                  <th scope="row">
                    <code>{change.path}</code>
                  </th>
                  <td>
                    <del>{readable(change.theirs)}</del>
                  </td>
                  <td>
                    <ins>{readable(change.yours)}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </section>
  );
}

/** Your text after taking theirs: shown in full, to copy back what you need. */
export function KeptText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <label className="field__label" htmlFor="studio-conflict-yours">
        {t("studio.editing.conflict.yourText")}
      </label>
      <textarea id="studio-conflict-yours" readOnly rows={10} value={text} />
      <button type="button" className="button button--secondary" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
        {copied ? t("studio.editing.copied") : t("studio.editing.copy")}
      </button>
    </div>
  );
}
