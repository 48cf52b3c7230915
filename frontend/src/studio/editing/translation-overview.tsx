/**
 * Every entry of a collection in each of the six languages: live, changed and not yet
 * published, or a missing translation (each cell a link to that language's entry).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { STAFF_LOCALES } from "../api";
import { useSession } from "../session";
import { listEntries, type Collection, type EntrySummary } from "./editing-api";
import { entryLink } from "./entry-screen";

export type Overview = { key: string; title: string; cells: Record<string, EntrySummary | undefined> }[];

/** One row per key (titled in the first language that has it), one cell per language. */
export function overviewOf(lists: Record<string, EntrySummary[]>): Overview {
  const rows = new Map<string, Overview[number]>();
  for (const locale of STAFF_LOCALES) {
    for (const entry of lists[locale] ?? []) {
      const row = rows.get(entry.key) ?? { key: entry.key, title: "", cells: {} };
      if (!row.title && entry.translated) row.title = entry.title;
      row.cells[locale] = entry;
      rows.set(entry.key, row);
    }
  }
  return [...rows.values()].map((row) => ({ ...row, title: row.title || row.key }));
}

/** Per language, how many entries miss their translation there. */
export const missingPerLanguage = (overview: Overview) =>
  Object.fromEntries(STAFF_LOCALES.map((locale) => [locale, overview.filter((row) => !row.cells[locale]?.translated).length]));

export function TranslationOverview({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [answer, setAnswer] = useState<{ for: Collection; overview: Overview | "failed" } | null>(null);
  useEffect(() => {
    let current = true;
    Promise.all(STAFF_LOCALES.map((locale) => listEntries(client, collection, locale).then((entries) => [locale, entries] as const))).then(
      (lists) => current && setAnswer({ for: collection, overview: overviewOf(Object.fromEntries(lists)) }),
      () => current && setAnswer({ for: collection, overview: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [client, collection]);
  const overview = answer?.for === collection ? answer.overview : null;

  return (
    <section className="studio-card" aria-labelledby="studio-overview-title">
      <h2 id="studio-overview-title">{t("studio.editing.overview.title")}</h2>
      {overview === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : overview === "failed" ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : (
        <table className="studio-table studio-overview">
          <caption>{t("studio.editing.overview.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.editing.columns.title")}</th>
              {STAFF_LOCALES.map((locale) => {
                const missing = missingPerLanguage(overview)[locale] ?? 0;
                return (
                  <th scope="col" key={locale}>
                    {t(`studio.languages.${locale}`)}
                    {missing > 0 ? <span className="studio-missing"> {t("studio.editing.overview.missing", { count: missing })}</span> : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {overview.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.title}</th>
                {STAFF_LOCALES.map((locale) => {
                  const cell = row.cells[locale];
                  const word = !cell?.translated ? t("studio.editing.state.missing") : cell.drafted ? t("studio.editing.state.drafted") : cell.live ? t("studio.editing.state.live") : t("studio.editing.state.notLive");
                  return (
                    <td key={locale} data-missing={cell?.translated ? undefined : "true"}>
                      <Link to={entryLink(collection, row.key, locale)}>{word}</Link>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
