/**
 * A new variant, level or lesson, made live from its list (`POST /content/<collection>`): its
 * key (a variant's SKU), what it belongs to (picked from the product's, course's or level's
 * entries), its title, a lesson's minutes, and — for the owner alone — its price in euros
 * (whole cents to the API). The API's refusals are said at their fields: a taken key (409),
 * a colour without an image, a size the product has, a price an editor may not set (403).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { ApiError } from "../../lib/api";
import { useSession } from "../session";
import { DocField, FieldError } from "./doc-field";
import { CREATABLE, createEntry, type Creatable, type Document } from "./editing-api";
import { centsFromEuros } from "./money";
import { useEntries } from "./use-entries";

const KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
const COLOURS = ["blue", "pink"];
const SIZES = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"];
const OWNER: Record<Creatable, string> = { variant: "product", level: "course", lesson: "level" };
const FIELDS: Record<Creatable, string[]> = { variant: ["colour", "size"], level: ["title"], lesson: ["title", "minutes"] };

type Props = { collection: Creatable; locale: string; priced: boolean; onCreated: (key: string) => void };

/** The form's values as the API takes them, or the fields the browser refuses. */
export function newEntryFields(collection: Creatable, values: Record<string, string>, priced: boolean): { fields: Document } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const fields: Document = { [OWNER[collection]]: values[OWNER[collection]] ?? "" };
  if (!KEY.test(values.key ?? "")) errors.key = "newKeyFormat";
  if (!fields[OWNER[collection]]) errors[OWNER[collection]] = "choose";
  for (const name of FIELDS[collection]) {
    const value = (values[name] ?? "").trim();
    if (name === "minutes") {
      if (value && !(/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 180)) errors.minutes = "minutes";
      if (value) fields.minutes = Number(value);
    } else if (!value) errors[name] = name === "title" ? "required" : "choose";
    else fields[name] = value;
  }
  if (priced && (values.price ?? "").trim()) {
    const cents = centsFromEuros(values.price ?? "");
    if (cents === null || cents <= 0) errors.price = "euros";
    else fields.price = cents;
  }
  return Object.keys(errors).length > 0 ? { errors } : { fields };
}

export function NewEntryForm({ collection, locale, priced, onCreated }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const owners = useEntries(CREATABLE[collection]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const form = `studio-new-${collection}`;
  const set = (name: string) => (value: string) => {
    setValues((before) => ({ ...before, [name]: value }));
    setErrors((before) => ({ ...before, [name]: "" }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = newEntryFields(collection, values, priced);
    if ("errors" in checked) return setErrors(Object.fromEntries(Object.entries(checked.errors).map(([name, code]) => [name, t(`studio.editing.newEntry.errors.${code}`)])));
    setBusy(true);
    try {
      await createEntry(client, collection, values.key ?? "", locale, checked.fields);
      onCreated(values.key ?? "");
    } catch (error) {
      setErrors(refusals(error, t));
    } finally {
      setBusy(false);
    }
  };
  const owner = OWNER[collection];
  const choices = [{ value: "", label: t("studio.editing.newEntry.choose") }, ...(owners ?? []).map((entry) => ({ value: entry.key, label: entry.title && entry.title !== entry.key ? `${entry.title} (${entry.key})` : entry.key }))];
  const text = (name: string, help?: string) => (
    <DocField form={form} path={name} label={t(`studio.editing.newEntry.fields.${name}`)} value={values[name] ?? ""} onChange={set(name)} error={errors[name] || undefined} help={help} />
  );
  const select = (name: string, options: { value: string; label: string }[]) => (
    <DocField form={form} path={name} kind="select" label={t(`studio.editing.newEntry.fields.${name}`)} value={values[name] ?? ""} options={options} onChange={set(name)} error={errors[name] || undefined} />
  );
  return (
    <form className="studio-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${form}-heading`}>
      <h2 id={`${form}-heading`}>{t(`studio.editing.new.${collection}`)}</h2>
      {text("key", t(`studio.editing.newEntry.keyHelp.${collection}`))}
      {select(owner, choices)}
      {collection === "variant" ? select("colour", [{ value: "", label: t("studio.editing.newEntry.choose") }, ...COLOURS.map((colour) => ({ value: colour, label: t(`studio.editing.colours.${colour}`) }))]) : null}
      {collection === "variant" ? select("size", [{ value: "", label: t("studio.editing.newEntry.choose") }, ...SIZES.map((size) => ({ value: size, label: size.toUpperCase() }))]) : null}
      {collection !== "variant" ? text("title") : null}
      {collection === "lesson" ? text("minutes", t("studio.editing.newEntry.minutesHelp")) : null}
      {priced ? text("price", t("studio.editing.newEntry.priceHelp")) : null}
      <FieldError error={errors.form} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t("studio.editing.create")}
      </button>
    </form>
  );
}

/** The API's refusal at its fields: 409 the key taken, 400/403 the fields it names. */
function refusals(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): Record<string, string> {
  if (!(error instanceof ApiError)) return { form: t("studio.failed") };
  const named = error.details.errors ?? [];
  if (error.status === 409) return { key: t("studio.editing.newKeyTaken") };
  if (named.length === 0) return { form: t("studio.editing.errors.notAccepted", { reason: error.message }) };
  return Object.fromEntries(named.map((entry) => [entry.path.join("."), t("studio.editing.errors.notAccepted", { reason: entry.message })]));
}
