/**
 * /studio/content/<collection>?locale=<locale>: the entries of a collection in one language
 * (pages as their tree, by path; articles with their category and date), each live, with unpublished changes, or a missing translation;
 * a new page or article by its key; a new variant, level or lesson made live (new-entry-form.tsx); and the overview of every language, marking the missing
 * translations. Collections the member's role cannot edit are not offered.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { DEFAULT_LOCALE, useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { STAFF_LOCALES } from "../api";
import { Heading } from "../heading";
import { useMe, useSession } from "../session";
import { useEditableCollections } from "./collection-rights";
import { COLLECTIONS, CREATABLE, listEntries, SHARED_COLLECTIONS, type Collection, type Creatable, type EntrySummary } from "./editing-api";
import { entryLink, isCollection, mayEdit } from "./entry-screen";
import { formatDateTime } from "./format";
import { NewEntryForm } from "./new-entry-form";
import { TranslationOverview } from "./translation-overview";
import { FieldError } from "./doc-field";

const KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Pages in their tree's order (by path), each with its depth; entries without a path last. */
export function inTreeOrder(entries: EntrySummary[]): { entry: EntrySummary; depth: number }[] {
  const withPath = entries.filter((entry) => entry.path !== null).sort((a, b) => (a.path ?? "").localeCompare(b.path ?? ""));
  const without = entries.filter((entry) => entry.path === null);
  const depth = (path: string | null) => (path ? Math.max(path.split("/").filter(Boolean).length - 1, 0) : 0);
  return [...withPath, ...without].map((entry) => ({ entry, depth: depth(entry.path) }));
}

export function ContentScreen() {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const me = useMe();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const editable = useEditableCollections();
  const offered = COLLECTIONS.filter((collection) => mayEdit(me.permissions, collection) && (editable?.has(collection) ?? false));
  const collection: Collection | null = isCollection(params.collection) ? params.collection : (offered[0] ?? null);
  const shared = collection !== null && SHARED_COLLECTIONS.includes(collection);
  const locale = shared ? "" : (search.get("locale") ?? DEFAULT_LOCALE);
  const [answer, setAnswer] = useState<{ for: string; entries: EntrySummary[] | null } | null>(null);
  const [newKey, setNewKey] = useState("");
  const [keyError, setKeyError] = useState<string | null>(null);
  const asked = `${collection}:${locale}`;

  useEffect(() => {
    if (!collection || !mayEdit(me.permissions, collection) || !editable?.has(collection)) return;
    let current = true;
    listEntries(client, collection, locale).then(
      (entries) => current && setAnswer({ for: asked, entries }),
      () => current && setAnswer({ for: asked, entries: null }),
    );
    return () => {
      current = false;
    };
  }, [client, collection, locale, asked, me.permissions, editable]);

  if (editable === null) {
    return (
      <p role="status" aria-busy="true">
        {t("studio.loading")}
      </p>
    );
  }
  if (!collection || !mayEdit(me.permissions, collection) || !editable.has(collection)) {
    return (
      <>
        <Heading>{t("studio.forbidden.title")}</Heading>
        <p>{t("studio.forbidden.text", { role: t(`studio.roles.${me.staff.role}`) })}</p>
      </>
    );
  }
  const shown = answer?.for === asked ? answer : null;
  /** The variants' list links each to its price, for the owner alone. */
  const priced = collection === "variant" && editable.has("price");
  const rows = shown?.entries ? (collection === "page" ? inTreeOrder(shown.entries) : shown.entries.map((entry) => ({ entry, depth: 0 }))) : [];
  const create = (event: FormEvent) => {
    event.preventDefault();
    const key = newKey.trim();
    if (!KEY.test(key)) return setKeyError(t("studio.editing.newKeyFormat"));
    if (shown?.entries?.some((entry) => entry.key === key)) return setKeyError(t("studio.editing.newKeyTaken"));
    void navigate(entryLink(collection, key, locale));
  };

  return (
    <>
      <Heading>{t("studio.editing.contentTitle")}</Heading>
      <nav aria-label={t("studio.editing.collections")}>
        <ul className="studio-inline">
          {offered.map((name) => (
            <li key={name}>
              <Link
                to={`/studio/content/${name}${SHARED_COLLECTIONS.includes(name) ? "" : `?locale=${locale || DEFAULT_LOCALE}`}`}
                aria-current={name === collection ? "page" : undefined}
                className={name === collection ? "button button--primary" : "button button--secondary"}
              >
                {t(`studio.editing.collection.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shared ? null : (
        <nav aria-label={t("studio.editing.languages")}>
          <ul className="studio-inline">
            {STAFF_LOCALES.map((code) => (
              <li key={code}>
                <Link to={`/studio/content/${collection}?locale=${code}`} aria-current={code === locale ? "page" : undefined} className={code === locale ? "button button--primary" : "button button--secondary"}>
                  {t(`studio.languages.${code}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shown === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : shown.entries === null ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : (
        <table className="studio-table">
          <caption>{t(`studio.editing.caption.${collection}`, { count: rows.length, language: shared ? "" : t(`studio.languages.${locale}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.editing.columns.title")}</th>
              <th scope="col">{t("studio.editing.columns.path")}</th>
              {collection === "article" ? (
                <>
                  <th scope="col">{t("studio.editing.columns.category")}</th>
                  <th scope="col">{t("studio.editing.columns.date")}</th>
                </>
              ) : null}
              {priced ? <th scope="col">{t("studio.editing.columns.price")}</th> : null}
              {collection === "lesson" ? <th scope="col">{t("studio.editing.columns.video")}</th> : null}
              <th scope="col">{t("studio.editing.columns.state")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ entry, depth }) => (
              <tr key={entry.key} data-missing={entry.translated ? undefined : "true"}>
                <th scope="row" style={{ paddingInlineStart: `${0.6 + depth * 1.5}rem` }}>
                  <Link to={entryLink(collection, entry.key, locale)}>{entry.title || entry.key}</Link>
                </th>
                <td>{entry.path ?? "–"}</td>
                {collection === "article" ? (
                  <>
                    <td>{entry.category ?? "–"}</td>
                    <td>{entry.date ? formatDateTime(entry.date, i18n.language) : "–"}</td>
                  </>
                ) : null}
                {collection === "lesson" ? (
                  <td>{entry.id ? <Link to={`/studio/lessons/${entry.id}/video`}>{t("studio.editing.lessonVideo", { title: entry.title || entry.key })}</Link> : "–"}</td>
                ) : null}
                {priced ? (
                  <td>
                    <Link to={entryLink("price", entry.key, "")}>{t("studio.editing.editPrice", { title: entry.title || entry.key })}</Link>
                  </td>
                ) : null}
                <td>
                  <EntryState entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {collection === "page" || collection === "article" ? (
        <form className="studio-card" onSubmit={create} noValidate>
          <h2>{t(`studio.editing.new.${collection}`)}</h2>
          <div className="field" data-invalid={keyError ? "true" : undefined}>
            <label className="field__label" htmlFor="studio-new-key">
              {t("studio.editing.newKey")}
            </label>
            <input
              id="studio-new-key"
              value={newKey}
              aria-invalid={keyError ? true : undefined}
              aria-describedby={keyError ? "studio-new-key-help studio-new-key-error" : "studio-new-key-help"}
              onChange={(event) => {
                setNewKey(event.target.value);
                setKeyError(null);
              }}
            />
            <p id="studio-new-key-help" className="field__help">
              {t("studio.editing.newKeyHelp")}
            </p>
            <FieldError id="studio-new-key-error" error={keyError} />
          </div>
          <button type="submit" className="button button--primary">
            {t("studio.editing.create")}
          </button>
        </form>
      ) : null}
      {collection in CREATABLE ? (
        <NewEntryForm
          collection={collection as Creatable}
          locale={locale}
          priced={editable.has(collection === "variant" ? "price" : "offer")}
          onCreated={(key) => void navigate(entryLink(collection, key, locale))}
        />
      ) : null}
      {shared ? null : <TranslationOverview collection={collection} />}
    </>
  );
}

export function EntryState({ entry }: { entry: EntrySummary }) {
  const { t } = useTranslation();
  const parts = [
    entry.translated ? null : t("studio.editing.state.missing"),
    entry.translated ? (entry.live ? t("studio.editing.state.live") : t("studio.editing.state.notLive")) : null,
    entry.drafted ? t("studio.editing.state.drafted") : null,
  ].filter(Boolean);
  return <span className={entry.translated ? undefined : "studio-missing"}>{parts.join(" · ")}</span>;
}
