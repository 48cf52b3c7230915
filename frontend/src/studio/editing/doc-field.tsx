/**
 * One field of an entry, with what a six-language shop needs beside it: when the entry is not
 * in the default language, the default language's text next to the field with "copy from"
 * (nl), and a mark when the field is empty here but filled there (a missing translation). Its
 * error — the browser's check, or the API's refusal naming this field — is said at the field.
 */
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { readable } from "./document-paths";

export type FieldKind = "text" | "long-text" | "date-time" | "select";

type Props = {
  /** The element id prefix of the form (ids are `${form}-${path}`). */
  form: string;
  path: string;
  label: string;
  value: unknown;
  onChange: (value: string) => void;
  kind?: FieldKind;
  options?: { value: string; label: string }[];
  help?: string;
  error?: string;
  /** The default language's value, shown beside the field (null: editing the default language). */
  reference?: { locale: string; value: unknown } | null;
  /** Required before publishing. */
  required?: boolean;
  readOnly?: boolean;
  /** Controls after the input (the slug's "make from title"). */
  extra?: ReactNode;
};

export const fieldDomId = (form: string, path: string) => `${form}-${path.replace(/\./g, "-")}`;

/** A field's error, said at it (announced as it appears); nothing without one. */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  return error ? (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}
const isEmpty = (value: unknown) => value === null || value === undefined || String(value).trim() === "";

export function DocField({ form, path, label, value, onChange, kind = "text", options = [], help, error, reference = null, required = false, readOnly = false, extra }: Props) {
  const { t } = useTranslation();
  const id = fieldDomId(form, path);
  const text = value === null || value === undefined ? "" : String(value);
  const untranslated = reference !== null && isEmpty(value) && !isEmpty(reference.value);
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null, untranslated ? `${id}-missing` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: path,
    value: text,
    readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    "aria-required": required || undefined,
  };
  const language = reference ? t(`studio.languages.${reference.locale}`) : "";
  return (
    <div className={`studio-field${reference ? " studio-field--side" : ""}`} data-path={path}>
      <div className="field" data-invalid={error ? "true" : undefined}>
        <label className="field__label" htmlFor={id}>
          {label}
          {required ? <span className="studio-required"> {t("studio.editing.requiredMark")}</span> : null}
        </label>
        {kind === "long-text" ? (
          <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
        ) : kind === "select" ? (
          <select {...common} onChange={(event) => onChange(event.target.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input {...common} type={kind === "date-time" ? "datetime-local" : "text"} onChange={(event) => onChange(event.target.value)} />
        )}
        {extra}
        {help ? (
          <p id={`${id}-help`} className="field__help">
            {help}
          </p>
        ) : null}
        {untranslated ? (
          <p id={`${id}-missing`} className="studio-missing">
            {t("studio.editing.missingTranslation", { language })}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} error={error} />
      </div>
      {reference ? (
        <div className="studio-reference">
          <p className="studio-reference__label">{t("studio.editing.inLanguage", { language })}</p>
          <p className="studio-reference__text" lang={reference.locale}>
            {readable(reference.value)}
          </p>
          {!readOnly && !isEmpty(reference.value) ? (
            <button type="button" className="button button--secondary" onClick={() => onChange(String(reference.value))}>
              {t("studio.editing.copyFrom", { language })}
              <span className="visually-hidden"> ({label})</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
