/**
 * What the studio's forms add to the shop's form system (lib/forms: formik + yup, server errors
 * at their fields): a summary of the fields to fix, each a link to its field.
 */
import { fieldId, useFormContext } from "../lib/forms";
import { useTranslation } from "../lib/i18n";

export function ErrorSummary() {
  const { t } = useTranslation();
  const { formId, fields, errors, touched, submitCount } = useFormContext();
  const wrong = [...fields.values()].filter((field) => typeof errors[field.name] === "string" && (submitCount > 0 || touched[field.name]));
  if (submitCount === 0 || wrong.length === 0) return null;
  return (
    <div className="studio-errors" role="group" aria-labelledby={`${formId}-errors`}>
      <h2 id={`${formId}-errors`}>{t("studio.forms.fix", { count: wrong.length })}</h2>
      <ul>
        {wrong.map((field) => (
          <li key={field.name}>
            <a href={`#${fieldId(formId, field.name)}`}>
              {field.label}: {String(errors[field.name])}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
