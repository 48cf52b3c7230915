/**
 * What a failed POST /orders means for the parent: fields to correct (by step), an e-mail address
 * that has an account, products that cannot be sold, a payment service that cannot be reached, a
 * captcha that did not vouch for them (no token, or the server refused it), or anything else. The texts are the checkout's own, in the parent's language (the server's
 * messages are for developers).
 */
import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api";
import { CaptchaError } from "../../../lib/captcha";
import type { AccountError, OrderError } from "../../../lib/vocabulary";
import { compileFields, firstFailure, ruleMessage, type FieldDefinitions } from "../../../lib/forms";
import { BILLING, SHIPPING, type CheckoutDraft, type FormStep } from "./draft";

/** `details.code` of the order failures the checkout words (contracts/orders-api.md). */
export const EMAIL_HAS_ACCOUNT: AccountError = "email_has_account";
export const PRODUCT_UNAVAILABLE: OrderError = "product_unavailable";
export const IDEMPOTENCY_KEY_REUSED: OrderError = "idempotency_key_reused";
export const ALREADY_OWNED: OrderError = "already_owned";
export const TOO_MANY_ORDERS: OrderError = "too_many_orders";
/** The field of the withdrawal question in the order's body. */
const WITHDRAWAL_FIELD = "withdrawalWaived";

/** A product the stock cannot serve as ordered, and how many of it are left (0: none). */
export type Shortage = { product: string; left: number };

/** Field names by step, for the server's paths (["data", "shipping", "address", "city"]). */
export type FieldErrors = Partial<Record<FormStep, string[]>>;

export type OrderProblem =
  | { kind: "fields"; fields: FieldErrors }
  | { kind: "email-has-account" }
  | { kind: "product-unavailable"; products: Shortage[] }
  /** A line of lessons the parent owns already, or that another line unlocks: the cart says which. */
  | { kind: "already-owned" }
  /** The lessons' withdrawal question was not answered with yes. */
  | { kind: "withdrawal" }
  | { kind: "service-unavailable" }
  /** Too many orders from this connection or for this address, or too many of them unpaid (a 429): try again in `minutes`. */
  | { kind: "too-many-orders"; minutes: number }
  /** The key was used for another body (the draft changed in another tab): the next try takes a new key. */
  | { kind: "key-reused" }
  /** No captcha token could be had, or the server refused it: trying again asks a fresh one. */
  | { kind: "captcha" }
  | { kind: "failed" };

/** The form field a server path names, or null for a path no step shows (the cart, the consent). */
export function fieldOfPath(path: string[]): { step: FormStep; field: string } | null {
  const [data, part, key, field] = path;
  if (data !== "data") return null;
  if (part === "user" && key) return { step: "personal", field: key };
  if (part === "shipping" && key === "country") return { step: "shipping", field: `${SHIPPING}country` };
  if (part === "shipping" && key === "address" && field) return { step: "shipping", field: `${SHIPPING}${field}` };
  if (part === "billing" && key === "address" && field) return { step: "billing", field: `${BILLING}${field}` };
  return null;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

/** A 409 product_unavailable's products with how many are left (`details.left`, in the same order). */
function shortages(details: Record<string, unknown>): Shortage[] {
  const left = Array.isArray(details.left) ? (details.left as unknown[]) : [];
  return stringList(details.products).map((product, index) => {
    const count = left[index];
    return { product, left: typeof count === "number" && Number.isInteger(count) && count > 0 ? count : 0 };
  });
}

/** Whole minutes of a 429's `details.retryAfter` (seconds), at least 1; 15 when it is missing. */
function waitMinutes(seconds: unknown): number {
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

/** The server names `captchaToken` when the captcha is on and the token is missing or refused. */
const CAPTCHA_PATH = "captchaToken";

export function describeOrderError(error: unknown): OrderProblem {
  if (error instanceof CaptchaError) return { kind: "captcha" };
  if (!(error instanceof ApiError)) return { kind: "failed" };
  const code = error.details.code;
  if (error.status === 409 && code === EMAIL_HAS_ACCOUNT) return { kind: "email-has-account" };
  if (error.status === 409 && code === PRODUCT_UNAVAILABLE) return { kind: "product-unavailable", products: shortages(error.details) };
  if (error.status === 409 && code === IDEMPOTENCY_KEY_REUSED) return { kind: "key-reused" };
  if (error.status === 409 && code === ALREADY_OWNED) return { kind: "already-owned" };
  if (error.status === 503) return { kind: "service-unavailable" };
  if (error.status === 429) return { kind: "too-many-orders", minutes: waitMinutes(error.details.retryAfter) };
  if (error.status === 400) {
    if ((error.details.errors ?? []).some(({ path }) => path[0] === CAPTCHA_PATH)) return { kind: "captcha" };
    if ((error.details.errors ?? []).some(({ path }) => path[0] === "data" && path[1] === WITHDRAWAL_FIELD)) return { kind: "withdrawal" };
    const fields: FieldErrors = {};
    for (const { path } of error.details.errors ?? []) {
      const named = fieldOfPath(path);
      if (named) fields[named.step] = [...new Set([...(fields[named.step] ?? []), named.field])];
    }
    if (Object.keys(fields).length > 0) return { kind: "fields", fields };
  }
  return { kind: "failed" };
}

/** The first step (in the checkout's order) with a field to correct. */
export function firstStepWithErrors(fields: FieldErrors, draft: CheckoutDraft): FormStep | null {
  const order: FormStep[] = ["personal", "shipping", "billing"];
  return order.find((step) => (fields[step]?.length ?? 0) > 0 && (step !== "billing" || draft.values.shipping.separateBilling === true)) ?? null;
}

/**
 * The message for each field the server refused, in the parent's language: the first of the
 * field's own rules that fails on its value ('Street is required.'), else 'This field is not valid.'.
 */
export function wordFieldErrors(names: string[], definitions: FieldDefinitions, values: Record<string, unknown>, t: TFunction, language: string): Record<string, string> {
  const compiled = compileFields(definitions);
  const labelOf = (name: string) => definitions[name]?.label ?? name;
  const worded: Record<string, string> = {};
  for (const name of names) {
    const field = compiled.find((candidate) => candidate.name === name);
    if (!field) continue;
    const failed = firstFailure(field.calls, values[name], { name, values });
    worded[name] = failed ? ruleMessage(failed, { t, language, label: field.label, labelOf, overrides: field.messages }) : t("forms.invalid");
  }
  return worded;
}
