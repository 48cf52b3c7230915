/**
 * /studio/content/<collection>/<key>?locale=<locale>: one entry in one language, with the
 * default language's version beside it (when this is another language), links to the same
 * entry in the other languages, and the editor (entry-form.tsx).
 */
import { useCallback, useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { DEFAULT_LOCALE, useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { STAFF_LOCALES } from "../api";
import { Heading } from "../heading";
import { can, useMe, useSession } from "../session";
import { COLLECTIONS, getEntry, listEntries, OWNER_COLLECTIONS, SHARED_COLLECTIONS, type Collection, type Document, type Entry, type EntrySummary } from "./editing-api";
import { useEditableCollections } from "./collection-rights";
import { EntryForm } from "./entry-form";
import "./editing.css";

type Loaded = { for: string; entry: Entry; reference: Document | null; pages: EntrySummary[]; stamp: number };

export const isCollection = (value: string | undefined): value is Collection => COLLECTIONS.includes(value as Collection);
export const entryLink = (collection: Collection, key: string, locale: string) =>
  `/studio/content/${collection}/${key}${SHARED_COLLECTIONS.includes(collection) ? "" : `?locale=${locale}`}`;

/** Whether the member may edit a collection (the settings and the banner: the owner). */
export const mayEdit = (permissions: string[], collection: Collection) => permissions.includes(OWNER_COLLECTIONS.includes(collection) ? "settings" : "content");

/** `fixed`: the one entry a section shows (the settings at /studio/settings), not from the address. */
export function EntryScreen({ fixed }: { fixed?: { collection: Collection; key: string } }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const me = useMe();
  const params = useParams();
  const [search] = useSearchParams();
  const named = fixed?.collection ?? params.collection;
  const collection = isCollection(named) ? named : null;
  const entryKey = fixed?.key ?? params.key ?? "";
  const shared = collection !== null && SHARED_COLLECTIONS.includes(collection);
  const locale = shared ? "" : (search.get("locale") ?? DEFAULT_LOCALE);
  const editable = useEditableCollections();
  const [answer, setAnswer] = useState<Loaded | { for: string; failed: true } | null>(null);
  const asked = `${collection}:${entryKey}:${locale}`;

  const load = useCallback(() => {
    if (!collection) return;
    const withReference = !shared && locale !== DEFAULT_LOCALE;
    Promise.all([
      getEntry(client, collection, entryKey, locale),
      withReference ? getEntry(client, collection, entryKey, DEFAULT_LOCALE).then((found) => found.document) : Promise.resolve(null),
      collection === "page" ? listEntries(client, "page", locale) : Promise.resolve([]),
    ]).then(
      ([entry, reference, pages]) => setAnswer({ for: asked, entry, reference, pages, stamp: Date.now() }),
      () => setAnswer({ for: asked, failed: true }),
    );
  }, [client, collection, entryKey, locale, shared, asked]);
  useEffect(load, [load]);
  const loaded = answer?.for !== asked ? null : "failed" in answer ? "failed" : answer;

  if (!collection || !mayEdit(me.permissions, collection) || (OWNER_COLLECTIONS.includes(collection) && !can(me, "settings")) || editable?.has(collection) === false) {
    return (
      <>
        <Heading>{t("studio.forbidden.title")}</Heading>
        <p>{t("studio.forbidden.text", { role: t(`studio.roles.${me.staff.role}`) })}</p>
      </>
    );
  }
  const title = loaded && loaded !== "failed" ? String(loaded.entry.document?.title ?? "") || entryKey : entryKey;
  return (
    <>
      <p>
        <Link to={`/studio/content/${collection}${shared ? "" : `?locale=${locale}`}`}>{t(`studio.editing.back.${collection}`)}</Link>
      </p>
      <Heading>{shared ? t("studio.editing.headingShared", { title }) : t("studio.editing.heading", { title, language: t(`studio.languages.${locale}`) })}</Heading>
      {shared ? null : (
        <nav aria-label={t("studio.editing.languages")}>
          <ul className="studio-inline">
            {STAFF_LOCALES.map((code) => (
              <li key={code}>
                <Link to={entryLink(collection, entryKey, code)} aria-current={code === locale ? "page" : undefined} className={code === locale ? "button button--primary" : "button button--secondary"}>
                  {t(`studio.languages.${code}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {loaded === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : loaded === "failed" ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : (
        <EntryForm
          key={`${locale}-${loaded.stamp}`}
          collection={collection}
          entryKey={entryKey}
          locale={locale}
          entry={loaded.entry}
          reference={loaded.reference}
          pages={loaded.pages}
          onReload={load}
        />
      )}
    </>
  );
}
