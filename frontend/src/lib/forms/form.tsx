/**
 * The one form of the SPA, on formik + yup. Declare the fields and their rules once:
 *
 *   <Form id="contact" fields={{ email: { label: t("forms.labels.email"), rules: "required|email" } }}
 *         incompleteMessage={t("forms.incomplete")} onSubmit={send}>
 *     <TextField name="email" type="email" />
 *     <SubmitButton />
 *   </Form>
 *
 * On submit it waits for validation; when a field blocks it shows the incomplete message and
 * focuses the first invalid field; otherwise it calls onSubmit (with a captcha token when the
 * form is protected) and stays disabled, showing 'Loading...', until that settles. Validation
 * while typing is debounced by 20 ms. Errors the server names by field land at those fields.
 */
import { useFormik, type FormikErrors } from "formik";
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../i18n";
import { ApiError } from "../api";
import { CaptchaNotice, useCaptcha } from "../captcha";
import { ruleMessage, type MessageOverrides } from "./messages";
import { isRuleName, type RuleCall, type Values } from "./rules";
import { buildSchema, compileFields, type CompiledField, type FieldDefinitions } from "./schema";

export const DEBOUNCE_MS = 20;

export type FormState = "validating" | "loading" | "submitted" | "incomplete" | "complete" | "invalid";

export type SubmitContext = { captchaToken: string | null };
/** A form's own wording of a server failure: a text for the whole form and/or texts per field. */
export type ErrorDescription = { form?: string; fields?: Record<string, string> };

export type FormProps = {
  id: string;
  fields: FieldDefinitions;
  initialValues?: Values;
  onSubmit: (values: Values, context: SubmitContext) => Promise<unknown> | unknown;
  /** Shown when a submit is blocked; 'Form incomplete.' when the form gives none. */
  incompleteMessage?: string;
  /** Shown after a successful submit (the form is then reset, unless resetOnSuccess is false). */
  successMessage?: string;
  messages?: MessageOverrides;
  /** Words a server failure (e.g. by its details.code) before the defaults do; null leaves it to them. */
  describeError?: (error: ApiError) => ErrorDescription | null | undefined;
  /**
   * Errors shown from the start, by field (a server's answer to a later step of a checkout): the
   * fields count as touched, the first of them takes focus, the incomplete message shows.
   */
  initialErrors?: Record<string, string>;
  /** Empties the form after a successful submit (the default); false keeps the saved values (edit forms). */
  resetOnSuccess?: boolean;
  captcha?: boolean;
  className?: string;
  children: ReactNode;
};

type FormContextValue = {
  formId: string;
  fields: Map<string, CompiledField>;
  values: Values;
  initialValues: Values;
  errors: FormikErrors<Values>;
  touched: Record<string, boolean | undefined>;
  submitCount: number;
  state: FormState;
  setValue: (name: string, value: unknown) => void;
  blur: (name: string) => void;
};

const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const context = useContext(FormContext);
  if (!context) throw new Error("Form fields must be inside <Form>");
  return context;
}

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

function emptyValue(): string {
  return "";
}

/** Which state a form is in, derived from formik's and the last submit's outcome. */
export function deriveState(input: {
  validating: boolean;
  submitting: boolean;
  submitted: boolean;
  attempted: boolean;
  hasErrors: boolean;
}): FormState {
  if (input.submitting) return "loading";
  if (input.validating) return "validating";
  if (input.submitted) return "submitted";
  if (input.hasErrors) return input.attempted ? "incomplete" : "invalid";
  return "complete";
}

/**
 * Field errors the server named (`details.errors[].path`, e.g. ["data", "email"]), worded by
 * the same rule messages as in the browser when the server says which rule failed.
 */
function serverFieldErrors(error: ApiError, fields: CompiledField[], message: (field: CompiledField, call: RuleCall) => string) {
  const found: Record<string, string> = {};
  for (const entry of error.details.errors ?? []) {
    const field = fields.find((candidate) => entry.path.at(-1) === candidate.name && entry.path.length <= 2);
    if (!field || found[field.name]) continue;
    const rule: RuleCall | null = entry.rule && isRuleName(entry.rule) ? { name: entry.rule, args: entry.args ?? [] } : null;
    found[field.name] = rule ? message(field, rule) : entry.message;
  }
  return found;
}

/** What a control holds now, in formik's terms (a box's tick, a radio group's choice, a text). */
function controlValue(control: Element | RadioNodeList): unknown {
  if (control instanceof RadioNodeList) return control.value;
  if (control instanceof HTMLInputElement && control.type === "checkbox") return control.checked;
  if (control instanceof HTMLInputElement && control.type === "radio") return control.checked ? control.value : "";
  if (control instanceof HTMLInputElement && control.type === "file") return undefined;
  return "value" in control ? control.value : undefined;
}

/**
 * The values a parent typed, picked or ticked in the server-rendered form before its code ran:
 * hydration keeps what the controls hold, but formik starts from its initial values and would
 * empty them at its next render. Null when the controls hold the initial values.
 */
export function valuesEnteredBeforeHydration(form: HTMLFormElement, names: string[], initial: Values): Values | null {
  const entered: Values = {};
  for (const name of names) {
    const control = form.elements.namedItem(name);
    const value = control ? controlValue(control) : undefined;
    const start = initial[name];
    const unchanged = value === undefined || value === start || (value === false && !start) || (value === "" && start == null);
    if (!unchanged) entered[name] = value;
  }
  return Object.keys(entered).length > 0 ? entered : null;
}

const isCaptchaError = (error: ApiError) => (error.details.errors ?? []).some((entry) => entry.path.includes("captchaToken"));

export function Form({
  id,
  fields,
  initialValues,
  onSubmit,
  incompleteMessage,
  successMessage,
  messages,
  describeError,
  initialErrors,
  resetOnSuccess = true,
  captcha = false,
  className,
  children,
}: FormProps) {
  const { t, i18n } = useTranslation();
  const guard = useCaptcha();
  const compiled = useMemo(() => compileFields(fields), [fields]);
  const schema = useMemo(() => buildSchema(compiled, t, i18n.language, messages), [compiled, t, i18n.language, messages]);
  const initial = useMemo(
    () => ({ ...Object.fromEntries(compiled.map((field) => [field.name, emptyValue()])), ...initialValues }),
    [compiled, initialValues],
  );
  const [submitted, setSubmitted] = useState(false);
  const startsInvalid = Object.keys(initialErrors ?? {}).length > 0;
  const [formError, setFormError] = useState<string | null>(startsInvalid ? (incompleteMessage ?? t("forms.incompleteDefault")) : null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useRef(startsInvalid);

  const formik = useFormik<Values>({
    initialValues: initial,
    initialErrors,
    initialTouched: Object.fromEntries(Object.keys(initialErrors ?? {}).map((name) => [name, true])),
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: true,
    onSubmit: async (values, helpers) => {
      setFormError(null);
      try {
        const captchaToken = captcha ? await guard.token() : null;
        await onSubmit(values, { captchaToken });
        setSubmitted(true);
        if (resetOnSuccess) helpers.resetForm({ values: initial });
      } catch (error) {
        if (!(error instanceof ApiError)) {
          setFormError(t(captcha && error instanceof Error && error.name === "CaptchaError" ? "forms.captcha.failed" : "forms.failed"));
          return;
        }
        const described = describeError?.(error);
        if (described) {
          const fieldErrors = described.fields ?? {};
          const hasFieldErrors = Object.keys(fieldErrors).length > 0;
          if (hasFieldErrors) {
            helpers.setErrors(fieldErrors);
            helpers.setTouched(Object.fromEntries(Object.keys(fieldErrors).map((name) => [name, true])), false);
            focusFirstInvalid.current = true;
          }
          setFormError(described.form ?? (hasFieldErrors ? (incompleteMessage ?? t("forms.incompleteDefault")) : null));
          return;
        }
        const labelOf = (name: string) => compiled.find((field) => field.name === name)?.label ?? name;
        const named = serverFieldErrors(error, compiled, (field, call) =>
          ruleMessage(call, { t, language: i18n.language, label: field.label, labelOf, overrides: { ...messages, ...field.messages } }),
        );
        if (isCaptchaError(error)) {
          setFormError(t("forms.captcha.failed"));
        } else if (Object.keys(named).length > 0) {
          helpers.setErrors(named);
          helpers.setTouched(Object.fromEntries(Object.keys(named).map((name) => [name, true])), false);
          setFormError(incompleteMessage ?? t("forms.incompleteDefault"));
          focusFirstInvalid.current = true;
        } else if (error.status === 429) {
          setFormError(t("forms.rateLimited"));
        } else {
          setFormError(error.status === 400 ? error.message : t("forms.failed"));
        }
      }
    },
  });

  const hasErrors = Object.values(formik.errors).some(Boolean);
  const attempted = formik.submitCount > 0;
  const state = deriveState({
    validating: formik.isValidating,
    submitting: formik.isSubmitting,
    submitted,
    attempted,
    hasErrors,
  });

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useLayoutEffect(() => {
    const entered = formRef.current && valuesEnteredBeforeHydration(formRef.current, compiled.map((field) => field.name), initial);
    if (entered) void formik.setValues({ ...initial, ...entered }, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form first mounts
  }, []);
  useEffect(() => {
    if (captcha) guard.preload();
  }, [captcha, guard]);
  // After a blocked submit, move focus to the first invalid field (in declaration order).
  useEffect(() => {
    if (!focusFirstInvalid.current || formik.isSubmitting || formik.isValidating) return;
    focusFirstInvalid.current = false;
    const first = compiled.find((field) => formik.errors[field.name]);
    if (first) document.getElementById(fieldId(id, first.name))?.focus();
  }, [formik.errors, formik.isSubmitting, formik.isValidating, formik.submitCount, compiled, id]);

  const context: FormContextValue = {
    formId: id,
    fields: new Map(compiled.map((field) => [field.name, field])),
    values: formik.values,
    initialValues: initial,
    errors: formik.errors,
    touched: formik.touched as Record<string, boolean | undefined>,
    submitCount: formik.submitCount,
    state,
    setValue: (name, value) => {
      setSubmitted(false);
      void formik.setFieldValue(name, value, false);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void formik.validateForm(), DEBOUNCE_MS);
    },
    blur: (name) => void formik.setFieldTouched(name, true, true),
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (timer.current) clearTimeout(timer.current);
    setSubmitted(false);
    setFormError(null);
    focusFirstInvalid.current = true; // used only when validation blocks the submit
    await formik.submitForm(); // validates, counts the attempt, touches every field
  };

  const blocked = state === "incomplete" && !formError;
  const alert = blocked ? (incompleteMessage ?? t("forms.incompleteDefault")) : formError;
  return (
    <FormContext.Provider value={context}>
      <form ref={formRef} id={id} className={className ?? "form"} method="post" noValidate onSubmit={handleSubmit} data-state={state} aria-busy={state === "loading"}>
        {state === "submitted" && successMessage ? (
          <p className="form__success" role="status">
            {successMessage}
          </p>
        ) : null}
        {children}
        <p className="form__alert" role="alert">
          {alert}
        </p>
        {captcha && guard.enabled ? <CaptchaNotice /> : null}
      </form>
    </FormContext.Provider>
  );
}
