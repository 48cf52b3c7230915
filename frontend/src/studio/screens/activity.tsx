import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Form, Select, SubmitButton, TextField, type Values } from "../../lib/forms";
import { useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { listActivity, listStaff, type ActivityEntry, type ActivityFilter, type ActivityPage, type Staff } from "../api";
import { ErrorSummary } from "../forms";
import { Heading } from "../heading";
import { can, useMe, useSession } from "../session";

const PAGE_SIZE = 50;
/** The actions the studio records today (backend splash/staff/vocabulary.py Action); others show as written. */
export const ACTIONS = [
  "staff.sign_in",
  "staff.sign_in_refused",
  "staff.sign_out",
  "staff.set_up",
  "staff.invited",
  "staff.role_changed",
  "staff.removed",
  "staff.recovery_code_used",
  "customers.lessons_granted",
  "customers.lesson_revoked",
  "customers.password_link_sent",
  "customers.exported",
  "customers.erased",
  "stock.adjusted",
  "stock.threshold_changed",
  "content.created",
  "content.saved",
  "content.published",
  "content.unpublished",
  "content.scheduled",
  "content.restored",
  "lesson.video_uploaded",
  "lesson.video_imported",
  "lesson.video_import_failed",
  "lesson.captions_changed",
  "lesson.poster_changed",
  "media.uploaded",
  "media.replaced",
  "media.alt_changed",
  "media.deleted",
] as const;
const SUBJECT_TYPES = ["staff", "order", "customer", "variant", "content", "lesson", "media"] as const;
const FILTERS = ["actor", "action", "subjectType", "subjectId", "since", "until"] as const;

/** `2026-11-29` → the next day: the form's "until" includes its day, the API's excludes it. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** One value, readably: text as it is, nothing as a dash, anything else as compact JSON. */
export function readable(value: unknown): string {
  if (value === null || value === undefined) return "–";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Before and after, field by field: `role: editor → owner`; a value without fields as one line. */
export function changes(before: unknown, after: unknown): { field: string | null; before: string; after: string }[] {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  if ((isRecord(before) || before == null) && (isRecord(after) || after == null) && (before != null || after != null)) {
    const was = isRecord(before) ? before : {};
    const is = isRecord(after) ? after : {};
    const names = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    return names.map((field) => ({ field, before: readable(was[field]), after: readable(is[field]) }));
  }
  if (before == null && after == null) return [];
  return [{ field: null, before: readable(before), after: readable(after) }];
}

/** The activity log, newest first: filters and the page live in the address, so Back and a shared link keep them. */
export function ActivityScreen() {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  /** The last answer and the query it answers: another query shows "loading" until its own. */
  const [answer, setAnswer] = useState<{ query: string | null; found: ActivityPage | null }>({ query: null, found: null });
  const [staff, setStaff] = useState<Staff[]>([]);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const filter = useMemo(() => Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Required<ActivityFilter>, [params]);

  useEffect(() => {
    if (!can(me, "staff")) return;
    let current = true;
    listStaff(client).then(
      (members) => current && setStaff(members),
      () => undefined, // the actor filter then offers no names: the log itself still shows
    );
    return () => {
      current = false;
    };
  }, [client, me]);

  const asked = params.toString();
  useEffect(() => {
    let current = true;
    const query = { ...filter, until: filter.until ? dayAfter(filter.until) : "" };
    listActivity(client, query, page, PAGE_SIZE).then(
      (result) => current && setAnswer({ query: asked, found: result }),
      () => current && setAnswer({ query: asked, found: null }),
    );
    return () => {
      current = false;
    };
  }, [client, filter, page, asked]);
  const found = answer.query === asked ? answer.found : null;
  const failed = answer.query === asked && answer.found === null;

  const fields = useMemo(
    () => ({
      actor: { label: t("studio.activity.actor") },
      action: { label: t("studio.activity.action") },
      subjectType: { label: t("studio.activity.subjectType") },
      subjectId: { label: t("studio.activity.subjectId"), rules: "length:0,64" },
      since: { label: t("studio.activity.since"), rules: "date_format:YYYY-MM-DD" },
      until: { label: t("studio.activity.until"), rules: "date_format:YYYY-MM-DD" },
    }),
    [t],
  );
  const apply = (values: Values) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(values[name] ?? "").trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const pageLink = (to: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(to));
    return `/studio/activity?${next.toString()}`;
  };
  const pages = found ? Math.max(1, Math.ceil(found.meta.total / found.meta.pageSize)) : 1;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" });
  const actionText = (action: string) => (i18n.exists(`studio.actions.${action}`) ? t(`studio.actions.${action}`) : action);

  return (
    <>
      <Heading>{t("studio.activity.title")}</Heading>
      <section className="studio-card" aria-labelledby="studio-filter-title">
        <h2 id="studio-filter-title">{t("studio.activity.filters")}</h2>
        <Form
          key={params.toString()}
          id="studio-activity-filter"
          className="form studio-filters"
          fields={fields}
          initialValues={filter}
          onSubmit={apply}
          resetOnSuccess={false}
          incompleteMessage={t("studio.forms.incomplete")}
        >
          <ErrorSummary />
          {staff.length > 0 ? <Select name="actor" options={staff.map((member) => ({ value: String(member.id), label: member.name }))} /> : null}
          <Select name="action" options={ACTIONS.map((value) => ({ value, label: actionText(value) }))} />
          <Select name="subjectType" options={SUBJECT_TYPES.map((value) => ({ value, label: t(`studio.subjects.${value}`) }))} />
          <TextField name="subjectId" />
          <TextField name="since" type="date" />
          <TextField name="until" type="date" />
          <SubmitButton>{t("studio.activity.apply")}</SubmitButton>
        </Form>
        <p>
          <Link to="/studio/activity">{t("studio.activity.clear")}</Link>
        </p>
      </section>
      {failed ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : found === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : (
        <>
          <p role="status">{t("studio.activity.count", { count: found.meta.total })}</p>
          {found.data.length > 0 ? (
            <table className="studio-table">
              <caption>{t("studio.activity.caption", { page: found.meta.page, pages })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("studio.activity.at")}</th>
                  <th scope="col">{t("studio.activity.actor")}</th>
                  <th scope="col">{t("studio.activity.action")}</th>
                  <th scope="col">{t("studio.activity.subject")}</th>
                  <th scope="col">{t("studio.activity.changes")}</th>
                  <th scope="col">{t("studio.activity.address")}</th>
                </tr>
              </thead>
              <tbody>
                {found.data.map((entry) => (
                  <Row key={entry.id} entry={entry} when={when} actionText={actionText} />
                ))}
              </tbody>
            </table>
          ) : null}
          <nav aria-label={t("studio.activity.pages")} className="studio-pages">
            {found.meta.page > 1 ? <Link to={pageLink(found.meta.page - 1)}>{t("studio.activity.previous")}</Link> : null}
            <span>{t("studio.activity.pageOf", { page: found.meta.page, pages })}</span>
            {found.meta.page < pages ? <Link to={pageLink(found.meta.page + 1)}>{t("studio.activity.next")}</Link> : null}
          </nav>
        </>
      )}
    </>
  );
}

function Row({ entry, when, actionText }: { entry: ActivityEntry; when: Intl.DateTimeFormat; actionText: (action: string) => string }) {
  const { t, i18n } = useTranslation();
  const changed = changes(entry.before, entry.after);
  const kind = entry.subjectType && (i18n.exists(`studio.subjects.${entry.subjectType}`) ? t(`studio.subjects.${entry.subjectType}`) : entry.subjectType);
  const subject = kind ? `${kind} ${entry.subjectId ?? ""}`.trim() : "–";
  return (
    <tr>
      <td>
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </td>
      <td>{entry.actor}</td>
      <td>{actionText(entry.action)}</td>
      <td>{subject}</td>
      <td>
        {changed.length > 0 ? (
          <dl className="studio-changes">
            {changed.map((change) => (
              <div key={change.field ?? ""}>
                <dt>{change.field ?? t("studio.activity.value")}</dt>
                <dd>
                  <span className="visually-hidden">{t("studio.activity.before")} </span>
                  <del>{change.before}</del> → <span className="visually-hidden">{t("studio.activity.after")} </span>
                  <ins>{change.after}</ins>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {entry.note ? <p className="studio-note">{entry.note}</p> : null}
      </td>
      <td>{entry.address ?? "–"}</td>
    </tr>
  );
}
