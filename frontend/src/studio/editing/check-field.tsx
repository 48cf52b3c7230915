/** A yes/no field of an entry (a product on the site, a lesson a free preview), its error said
 * at it as DocField does. */
import { FieldError, fieldDomId } from "./doc-field";

type Props = { form: string; path: string; label: string; checked: boolean; onChange: (checked: boolean) => void; error?: string };

export function CheckField({ form, path, label, checked, onChange, error }: Props) {
  const id = fieldDomId(form, path);
  return (
    <div className="field field--check" data-path={path} data-invalid={error ? "true" : undefined}>
      <input id={id} type="checkbox" checked={checked} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
