import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Form, SubmitButton, useFormContext, type FieldDefinitions } from "../../../lib/forms";
import type { CheckoutState } from "../hooks/use-checkout";
import type { FormStep, StepValues } from "../utils/draft";
import { wordFieldErrors } from "../utils/order-errors";

function stepValues(values: Record<string, unknown>): StepValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => typeof value === "string" || typeof value === "boolean")) as StepValues;
}

/** Hands every change of the form to the draft, so a reload finds what was typed. */
function KeepValues({ onChange }: { onChange: (values: StepValues) => void }) {
  const { values } = useFormContext();
  const first = useRef(true);
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    handler.current(stepValues(values));
  }, [values]);
  return null;
}

type Props = {
  step: FormStep;
  fields: FieldDefinitions;
  checkout: CheckoutState;
  /** The step before this one (none on the first). */
  previous: FormStep | null;
  children: ReactNode;
};

/**
 * One step of the checkout as a form of lib/forms: Next validates it and goes on; Previous goes
 * back keeping what was typed. Fields the server refused arrive worded in the parent's language.
 */
export function StepForm({ step, fields, checkout, previous, children }: Props) {
  const { t, i18n } = useTranslation();
  // What the step starts with (later changes go to the draft, not back into the form).
  const [initialValues] = useState(() => checkout.draft.values[step]);
  // The server's refusals, worded once when the step opens with them.
  const [initialErrors] = useState(() => wordFieldErrors(checkout.fieldErrors[step] ?? [], fields, initialValues, t, i18n.language));
  return (
    <Form
      id={`checkout-${step}`}
      className="form checkout-form"
      fields={fields}
      initialValues={initialValues}
      initialErrors={initialErrors}
      resetOnSuccess={false}
      incompleteMessage={t("forms.incomplete")}
      onSubmit={(values) => checkout.complete(step, stepValues(values))}
    >
      <KeepValues onChange={(values) => checkout.keep(step, values)} />
      {children}
      <div className="checkout-actions">
        {previous ? (
          <button type="button" className="button button--secondary" onClick={() => checkout.goTo(previous)}>
            {t("forms.previous")}
          </button>
        ) : null}
        <SubmitButton>{t("forms.next")}</SubmitButton>
      </div>
    </Form>
  );
}
