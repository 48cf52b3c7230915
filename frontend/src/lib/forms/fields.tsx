/**
 * Inputs of the one form system. Each has a real <label>, links its help and error text with
 * aria-describedby, sets aria-invalid, and announces its message through a live region.
 */
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { useTranslation } from "../i18n";
import { useHydrated } from "../hydration";
import { fieldId, useFormContext } from "./form";
import type { ShowMode } from "./schema";

type Common = { name: string; help?: ReactNode; className?: string };

/** Whether a field shows its message now (spec §5: blur, dirty for checkboxes, live; always after submit). */
export function isMessageVisible(mode: ShowMode, state: { submitted: boolean; touched: boolean; dirty: boolean }): boolean {
  if (state.submitted) return true;
  if (mode === "blur") return state.touched;
  return state.dirty || (mode === "live" && state.touched);
}

function useField(name: string, defaultMode: ShowMode) {
  const form = useFormContext();
  const field = form.fields.get(name);
  if (!field) throw new Error(`Field "${name}" is not declared in form "${form.formId}"`);
  const id = fieldId(form.formId, name);
  const value = form.values[name];
  const error = form.errors[name];
  const visible = isMessageVisible(field.show ?? defaultMode, {
    submitted: form.submitCount > 0,
    touched: Boolean(form.touched[name]),
    dirty: value !== form.initialValues[name],
  });
  const message = visible && typeof error === "string" ? error : null;
  const required = field.calls.some((call) => call.name === "required" || call.name === "accepted");
  return { form, field, id, value, message, required };
}

function describedBy(id: string, help: ReactNode, message: string | null): string | undefined {
  const ids = [help ? `${id}-help` : null, message ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Label({ id, label, required }: { id: string; label: string; required: boolean }) {
  const { t } = useTranslation();
  return (
    <label className="field__label" htmlFor={id}>
      {label}
      {required ? null : <span className="field__optional"> ({t("forms.optional")})</span>}
    </label>
  );
}

function Help({ id, help }: { id: string; help: ReactNode }) {
  return help ? (
    <p className="field__help" id={`${id}-help`}>
      {help}
    </p>
  ) : null;
}

/** Always rendered, so screen readers announce a message when it appears. */
function Message({ id, message }: { id: string; message: string | null }) {
  return (
    <p className="field__error" id={`${id}-error`} aria-live="polite">
      {message}
    </p>
  );
}

/** Label, help, the control and its message: the frame every single-control field shares. */
function FieldShell({ id, label, required, help, message, className, children }: {
  id: string;
  label: string;
  required: boolean;
  help: ReactNode;
  message: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field ${className ?? ""}`} data-invalid={message ? "true" : undefined}>
      <Label id={id} label={label} required={required} />
      <Help id={id} help={help} />
      {children}
      <Message id={id} message={message} />
    </div>
  );
}

type TextProps = Common & {
  type?: "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "search";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal" | "url";
  placeholder?: string;
  /** Shown and focusable, but not editable (e.g. the e-mail address on the profile). */
  readOnly?: boolean;
};

export function TextField({ name, type = "text", autoComplete, inputMode, placeholder, help, className, readOnly }: TextProps) {
  const { form, field, id, value, message, required } = useField(name, "blur");
  return (
    <FieldShell id={id} label={field.label} required={required} help={help} message={message} className={className}>
      <input
        id={id}
        name={name}
        type={type}
        value={String(value ?? "")}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        readOnly={readOnly}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, help, message)}
        onChange={(event) => form.setValue(name, event.target.value)}
        onBlur={() => form.blur(name)}
      />
    </FieldShell>
  );
}

export function TextArea({ name, help, className, rows = 6 }: Common & { rows?: number }) {
  const { form, field, id, value, message, required } = useField(name, "blur");
  return (
    <FieldShell id={id} label={field.label} required={required} help={help} message={message} className={className}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={String(value ?? "")}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, help, message)}
        onChange={(event) => form.setValue(name, event.target.value)}
        onBlur={() => form.blur(name)}
      />
    </FieldShell>
  );
}

export type Option = { value: string; label: string };

export function Select({ name, options, help, className, autoComplete }: Common & { options: Option[]; autoComplete?: string }) {
  const { t } = useTranslation();
  const { form, field, id, value, message, required } = useField(name, "blur");
  return (
    <FieldShell id={id} label={field.label} required={required} help={help} message={message} className={className}>
      <select
        id={id}
        name={name}
        value={String(value ?? "")}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, help, message)}
        onChange={(event) => form.setValue(name, event.target.value)}
        onBlur={() => form.blur(name)}
      >
        <option value="">{t("forms.choose")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A checkbox holds true/false; its message shows once it has been changed (or after submit). */
export function Checkbox({ name, help, className, children }: Common & { children?: ReactNode }) {
  const { form, field, id, value, message, required } = useField(name, "dirty");
  return (
    <div className={`field field--checkbox ${className ?? ""}`} data-invalid={message ? "true" : undefined}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={value === true}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, help, message)}
        onChange={(event) => form.setValue(name, event.target.checked)}
        onBlur={() => form.blur(name)}
      />
      <label className="field__label" htmlFor={id}>
        {children ?? field.label}
      </label>
      <Help id={id} help={help} />
      <Message id={id} message={message} />
    </div>
  );
}

/** Radio buttons in a fieldset whose legend is the field's label; the first one takes focus. */
export function RadioGroup({ name, options, help, className }: Common & { options: Option[] }) {
  const { form, field, id, value, message, required } = useField(name, "blur");
  return (
    <fieldset
      className={`field field--radios ${className ?? ""}`}
      data-invalid={message ? "true" : undefined}
      aria-describedby={describedBy(id, help, message)}
      aria-invalid={message ? true : undefined}
    >
      <legend className="field__label">{field.label}</legend>
      <Help id={id} help={help} />
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${option.value}`;
        return (
          <div className="field__radio" key={option.value}>
            <input
              id={optionId}
              name={name}
              type="radio"
              value={option.value}
              checked={value === option.value}
              required={required}
              onChange={() => form.setValue(name, option.value)}
              onBlur={() => form.blur(name)}
            />
            <label htmlFor={optionId}>{option.label}</label>
          </div>
        );
      })}
      <Message id={id} message={message} />
    </fieldset>
  );
}

/** A file input with the chosen file's name (or 'No file chosen') in the user's language. */
export function FileField({ name, accept, help, className }: Common & { accept?: string }) {
  const { t } = useTranslation();
  const { form, field, id, message, required } = useField(name, "blur");
  const [chosen, setChosen] = useState<string | null>(null);
  const statusId = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files;
    setChosen(files && files.length > 0 ? Array.from(files, (file) => file.name).join(", ") : null);
    form.setValue(name, files && files.length > 0 ? Array.from(files) : "");
  };
  return (
    <div className={`field field--file ${className ?? ""}`} data-invalid={message ? "true" : undefined}>
      <Label id={id} label={field.label} required={required} />
      <Help id={id} help={help} />
      <div className="field__file">
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          className="field__file-input"
          aria-invalid={message ? true : undefined}
          aria-describedby={[statusId, describedBy(id, help, message)].filter(Boolean).join(" ")}
          onChange={onChange}
          onBlur={() => form.blur(name)}
        />
        <span className="button button--secondary" aria-hidden="true">
          {t("forms.chooseFile")}
        </span>
        <span id={statusId} className="field__file-name">
          {chosen ?? t("forms.noFileChosen")}
        </span>
      </div>
      <Message id={id} message={message} />
    </div>
  );
}

/** A password with its confirmation: declare `confirm:<name>` on the second field. */
export function PasswordFields({ name, confirmation, autoComplete = "new-password", help }: {
  name: string;
  confirmation: string;
  autoComplete?: "new-password" | "current-password";
  help?: ReactNode;
}) {
  return (
    <>
      <TextField name={name} type="password" autoComplete={autoComplete} help={help} />
      <TextField name={confirmation} type="password" autoComplete={autoComplete} />
    </>
  );
}

/**
 * Disabled until the form's code has loaded (a submit before that would be a native request
 * carrying the visitor's data) and while a submit is pending.
 */
export function SubmitButton({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { state } = useFormContext();
  const hydrated = useHydrated();
  const loading = state === "loading";
  const disabled = loading || !hydrated;
  return (
    <button type="submit" className="button button--primary" disabled={disabled} aria-disabled={disabled}>
      {loading ? t("forms.loading") : (children ?? t("forms.submit"))}
    </button>
  );
}
