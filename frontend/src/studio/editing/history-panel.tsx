/**
 * An entry's history: the versions publishing kept (newest first, who and when), what each
 * changed from the one before (field by field), and restoring one as the draft.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useSession } from "../session";
import { readable } from "./document-paths";
import { listVersions, restoreVersion, versionChanges, type Collection, type FieldChange, type Version } from "./editing-api";
import { formatDateTime } from "./format";

type Props = {
  collection: Collection;
  entryKey: string;
  locale: string;
  flush: () => Promise<void>;
  onRestored: () => void;
  /** How many times this editor published: an open list of versions is read again after each. */
  published: number;
};

export function HistoryPanel({ collection, entryKey, locale, flush, onRestored, published }: Props) {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [changes, setChanges] = useState<{ number: number; list: FieldChange[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const attempt = async (action: () => Promise<void>) => {
    setFailed(false);
    await action().catch(() => setFailed(true));
  };
  const [open, setOpen] = useState(false);
  // Read when opened, and again after each publish while open.
  useEffect(() => {
    if (!open) return;
    let current = true;
    listVersions(client, collection, entryKey, locale).then(
      (found) => current && setVersions(found),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, published, client, collection, entryKey, locale]);

  return (
    <section className="studio-card" aria-labelledby="studio-entry-history">
      <h2 id="studio-entry-history">{t("studio.editing.history.title")}</h2>
      {!open ? (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t("studio.editing.history.show")}
        </button>
      ) : versions === null ? (
        failed ? null : (
          <p role="status" aria-busy="true">
            {t("studio.loading")}
          </p>
        )
      ) : versions.length === 0 ? (
        <p>{t("studio.editing.history.none")}</p>
      ) : (
        <table className="studio-table">
          <caption>{t("studio.editing.history.caption", { count: versions.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.editing.history.version")}</th>
              <th scope="col">{t("studio.editing.history.by")}</th>
              <th scope="col">{t("studio.editing.history.at")}</th>
              <th scope="col">{t("studio.editing.history.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.number}>
                <th scope="row">{version.number}</th>
                <td>{version.publishedBy}</td>
                <td>{formatDateTime(version.publishedAt, i18n.language)}</td>
                <td className="studio-inline">
                  {version.number > 1 ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void attempt(async () => setChanges({ number: version.number, list: await versionChanges(client, collection, entryKey, locale, version.number) }))}
                    >
                      {t("studio.editing.history.changes", { number: version.number })}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() =>
                      void attempt(async () => {
                        await flush();
                        await restoreVersion(client, collection, entryKey, locale, version.number);
                        onRestored();
                      })
                    }
                  >
                    {t("studio.editing.history.restore", { number: version.number })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {failed ? <p role="alert">{t("studio.failed")}</p> : null}
      {changes ? (
        changes.list.length === 0 ? (
          <p>{t("studio.editing.history.noChanges", { number: changes.number })}</p>
        ) : (
          <dl className="studio-changes" aria-label={t("studio.editing.history.changesOf", { number: changes.number })}>
            {changes.list.map((change) => (
              <div key={change.path}>
                <dt>
                  <code>{change.path}</code>
                </dt>
                <dd>
                  <del>{readable(change.before)}</del> → <ins>{readable(change.after)}</ins>
                </dd>
              </div>
            ))}
          </dl>
        )
      ) : null}
    </section>
  );
}
