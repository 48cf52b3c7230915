import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Checkbox, Form, SubmitButton, TextArea, TextField, type FieldDefinitions } from "../../../lib/forms";
import { submitForm } from "../api/submit-form";
import type { FormBlockData, FormFieldData } from "../types";

function Field({ field }: { field: FormFieldData }) {
  const autoComplete = field.autocomplete ?? undefined;
  switch (field.type) {
    case "textarea":
      return <TextArea name={field.name} />;
    case "checkbox":
      return <Checkbox name={field.name} />;
    case "email":
      return <TextField name={field.name} type="email" inputMode="email" autoComplete={autoComplete} />;
    case "tel":
      return <TextField name={field.name} type="tel" inputMode="tel" autoComplete={autoComplete} />;
    default:
      return <TextField name={field.name} autoComplete={autoComplete} />;
  }
}

/** A form the content system places on a page (the contact form); the shop receives it by e-mail. */
export function FormBlock({ block }: { block: FormBlockData }) {
  const { t } = useTranslation();
  const fields = useMemo<FieldDefinitions>(
    () => Object.fromEntries(block.fields.map((field) => [field.name, { label: t(`forms.labels.${field.name}`), rules: field.rules }])),
    [block.fields, t],
  );
  const initialValues = useMemo(
    () => Object.fromEntries(block.fields.map((field) => [field.name, field.type === "checkbox" ? false : ""])),
    [block.fields],
  );
  const headingId = `form-${block.form}-title`;
  return (
    <section className="block block-form" aria-labelledby={block.title ? headingId : undefined}>
      {block.title ? <h2 id={headingId}>{block.title}</h2> : null}
      {block.text ? <p className="block-form__text">{block.text}</p> : null}
      <Form
        id={`form-${block.form}`}
        fields={fields}
        initialValues={initialValues}
        captcha
        incompleteMessage={t("forms.incomplete")}
        successMessage={block.successMessage}
        onSubmit={(values, { captchaToken }) => submitForm(block.form, values, captchaToken)}
      >
        {block.fields.map((field) => (
          <Field key={field.name} field={field} />
        ))}
        <SubmitButton />
      </Form>
    </section>
  );
}
