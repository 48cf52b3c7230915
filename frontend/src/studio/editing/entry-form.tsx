/**
 * An entry being edited: its fields (formik, checked by yup as the API checks them), saved as
 * you type (use-autosave: 2 s after the last change, and when the tab closes), the save's
 * state, the conflict panel when someone saved in between, and the publishing actions and
 * history. Leaving with changes not yet saved asks first.
 */
import { useFormik } from "formik";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { formatDateTime } from "./format";
import { useSession } from "../session";
import { StatusMessage, type Notice } from "../status";
import { CollectionFields } from "./collection-fields";
import { ConflictPanel, KeptText } from "./conflict-panel";
import { fieldDomId } from "./doc-field";
import { withValueAt } from "./document-paths";
import { slugFor, type Collection, type Document, type Entry, type EntrySummary } from "./editing-api";
import { EntryActions } from "./entry-actions";
import { flatErrors, formValues, schemaFor, storedDocument } from "./documents";
import { HistoryPanel } from "./history-panel";
import { useLeaveGuard } from "./leave-guard";
import { useAutosave } from "./use-autosave";
import { useDraft } from "./use-draft";

type Props = {
  collection: Collection;
  entryKey: string;
  locale: string;
  entry: Entry;
  reference: Document | null;
  pages: EntrySummary[];
  /** Open the entry again from the server (after a restore or an unpublish). */
  onReload: () => void;
};

const NUMBER_FIELD = /\.(width|height)$/;

export function EntryForm({ collection, entryKey, locale, entry, reference, pages, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const form = `studio-entry-${collection}`;
  const initialValues = useMemo(() => formValues(collection, entry.document), [collection, entry.document]);
  const schema = useMemo(() => schemaFor(collection, t), [collection, t]);
  const draft = useDraft({ client, collection, entryKey, locale }, entry, t);
  const [notice, setNotice] = useState<Notice>(null);
  const [required, setRequired] = useState(entry.missing);
  const [kept, setKept] = useState<string | null>(null);
  const [published, setPublished] = useState(0);
  const focusAfter = useFocusAfterRender();
  const formik = useFormik<Document>({
    initialValues,
    validationSchema: schema,
    validateOnChange: true,
    onSubmit: async (values) => {
      await draft.save(storedDocument(collection, values));
    },
  });
  const document = useMemo(() => storedDocument(collection, formik.values), [collection, formik.values]);
  const invalid = Object.keys(formik.errors).length > 0;
  const { flush } = useAutosave({ value: document, isSaved: draft.isSaved, save: draft.save, paused: draft.conflict !== null || invalid });
  const leaving = useLeaveGuard(() => !draft.isSaved(document));
  const errors = { ...flatErrors(formik.errors), ...draft.errors };

  const set = useCallback(
    (path: string, value: unknown) => {
      const kept = NUMBER_FIELD.test(path) && typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
      void formik.setValues((values: Document) => withValueAt(values, path, kept), true);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- formik's setValues is stable in use
    [],
  );
  const makeSlug = () => {
    const title = String(formik.values.title ?? "");
    if (!title.trim()) return;
    slugFor(client, title, locale).then(
      (slug) => set("slug", slug),
      () => setNotice({ kind: "failed", text: t("studio.failed") }),
    );
  };

  const status =
    draft.status === "saving"
      ? t("studio.editing.status.saving")
      : draft.status === "failed"
        ? t("studio.editing.status.failed")
        : draft.status === "refused"
          ? t("studio.editing.status.refused")
          : draft.status === "conflict"
            ? t("studio.editing.status.conflict")
            : invalid
              ? t("studio.editing.status.invalid")
              : !draft.isSaved(document)
                ? t("studio.editing.status.unsaved")
                : draft.savedBy.at
                  ? t("studio.editing.status.saved", { name: draft.savedBy.by ?? "", at: formatDateTime(draft.savedBy.at, i18n.language) })
                  : t("studio.editing.status.nothingYet");

  return (
    <>
      {draft.conflict ? (
        <ConflictPanel
          collection={collection}
          entryKey={entryKey}
          locale={locale}
          conflict={draft.conflict}
          yours={document}
          onTakeTheirs={(theirs) => {
            setKept(JSON.stringify(document, null, 2));
            draft.settle(theirs);
            formik.resetForm({ values: formValues(collection, theirs.document) });
            setNotice({ kind: "done", text: t("studio.editing.conflict.reloaded") });
          }}
          onKeepYours={(theirs) => {
            draft.settle(theirs);
            void draft.save(document);
          }}
        />
      ) : null}
      {kept ? <KeptText text={kept} /> : null}
      <form
        id={form}
        className="studio-entry"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void flush();
        }}
      >
        <p className="studio-save-state" role="status" aria-live="polite" data-status={draft.status}>
          {status}
        </p>
        <CollectionFields
          form={form}
          collection={collection}
          locale={locale}
          values={formik.values}
          set={set}
          errors={errors}
          reference={reference}
          required={required}
          pages={pages}
          entryKey={entryKey}
          makeSlug={makeSlug}
        />
        <button type="submit" className="button button--secondary" disabled={draft.conflict !== null}>
          {t("studio.editing.saveNow")}
        </button>
      </form>
      <StatusMessage notice={notice} />
      <EntryActions
        collection={collection}
        entryKey={entryKey}
        locale={locale}
        entry={entry}
        draft={draft}
        flush={flush}
        blocked={draft.conflict !== null || invalid}
        onRefused={(fields) => {
          draft.setErrors(fields);
          setRequired(Object.keys(fields));
          // The first field named (or the field holding it: blocks.2.title is in the blocks), after the notice took the focus.
          const first = Object.keys(fields)[0]?.split(".") ?? [];
          const holder = first.map((_, end) => fieldDomId(form, first.slice(0, first.length - end).join("."))).find((id) => window.document.getElementById(id));
          if (holder) focusAfter(holder);
        }}
        onReload={onReload}
        onPublished={() => setPublished((count) => count + 1)}
        setNotice={setNotice}
      />
      <HistoryPanel collection={collection} entryKey={entryKey} locale={locale} flush={flush} onRestored={onReload} published={published} />
      {leaving ? (
        <div className="studio-danger" role="alertdialog" aria-labelledby={`${form}-leave`}>
          <h2 id={`${form}-leave`}>{t("studio.editing.leave.title")}</h2>
          <p>{t("studio.editing.leave.text")}</p>
          <div className="studio-inline">
            <button type="button" className="button button--primary" onClick={() => void flush().then(leaving.leave)}>
              {t("studio.editing.leave.saveAndLeave")}
            </button>
            <button type="button" className="button button--secondary" onClick={leaving.leave}>
              {t("studio.editing.leave.leave")}
            </button>
            <button type="button" className="button button--secondary" onClick={leaving.stay} autoFocus>
              {t("studio.editing.leave.stay")}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
