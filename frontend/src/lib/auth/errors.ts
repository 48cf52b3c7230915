/** Account failures in the visitor's language: the API's `details.code` decides the text. */
import type { TFunction } from "i18next";
import { ApiError } from "../api";
import type { ErrorDescription } from "../forms";
import type { AuthErrorCode } from "./types";

/** The `details.code` of an account failure, when the API named one. */
export function authErrorCode(error: unknown): AuthErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.details.code;
  return typeof code === "string" ? (code as AuthErrorCode) : null;
}

/** The text for a failed account call: by its code, 'too many attempts' for 429, else a general one. */
export function authErrorText(error: ApiError, t: TFunction): string {
  if (error.status === 429) return t("auth.errors.rateLimited");
  switch (authErrorCode(error)) {
    case "invalid_credentials":
      return t("auth.errors.invalidCredentials");
    case "email_not_confirmed":
      return t("auth.errors.emailNotConfirmed");
    case "blocked":
      return t("auth.errors.blocked");
    case "email_taken":
      return t("auth.errors.emailTaken");
    case "invalid_code":
      return t("auth.errors.invalidCode");
    case "passwords_mismatch":
      return t("auth.errors.passwordsMismatch");
    case "current_password_incorrect":
      return t("auth.errors.currentPasswordIncorrect");
    case "email_unchanged":
      return t("auth.errors.emailUnchanged");
    case "no_password":
      return t("auth.errors.noPassword");
    case "provider_error":
      return t("auth.errors.providerError");
    default:
      return t("auth.errors.generic");
  }
}

/**
 * How an account form shows a failure (the Form's describeError): a coded failure of one field at
 * that field, other field errors the API named by the form's defaults, anything else as the
 * form's message.
 */
export function describeAuthError(
  error: ApiError,
  t: TFunction,
  fieldOf: Partial<Record<AuthErrorCode, string>> = {},
): ErrorDescription | null {
  const code = authErrorCode(error);
  const field = code ? fieldOf[code] : undefined;
  if (field) return { fields: { [field]: authErrorText(error, t) } };
  if (!code && error.status === 400 && (error.details.errors?.length ?? 0) > 0) return null;
  return { form: authErrorText(error, t) };
}
