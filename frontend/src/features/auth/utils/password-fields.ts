import type { TFunction } from "i18next";
import type { FieldDefinitions } from "../../../lib/forms";

/** A new password and its confirmation, as the API accepts them (8–128 characters). */
export function newPasswordFields(t: TFunction): FieldDefinitions {
  return {
    password: { label: t("forms.labels.password"), rules: "required|length:8,128" },
    passwordConfirmation: { label: t("forms.labels.passwordConfirmation"), rules: "required|confirm:password" },
  };
}
