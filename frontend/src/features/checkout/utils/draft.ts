/**
 * The checkout's draft: the step the parent is on, what each step's form holds, and the order
 * attempt (its idempotency key with the body it was made for). Kept in sessionStorage by
 * lib/cart's checkout session, so each step survives a reload; prices are never part of it.
 */
import type { CartLine } from "../../../lib/cart";
import type { Locale } from "../../../lib/i18n";
import { SHIPPING_COUNTRIES, type ShippingCountry } from "../../../lib/vocabulary";
import type { OrderAddress, OrderDraft } from "../types";

export const STEPS = ["personal", "shipping", "billing", "summary"] as const;
export type Step = (typeof STEPS)[number];
export type FormStep = Exclude<Step, "summary">;

/** A step form's values as the form holds them (text and checkboxes). */
export type StepValues = Record<string, string | boolean>;

/** The key sent with POST /orders and the body it belongs to: the same body reuses the key. */
export type Attempt = { key: string; body: string };

export type CheckoutDraft = {
  step: Step;
  values: Record<FormStep, StepValues>;
  attempt: Attempt | null;
  /** The summary's "I want the lessons right away…" checkbox (asked only when the cart holds lessons). */
  withdrawalWaived: boolean;
};

/** Field name prefixes of the two addresses (they also name the browser's autofill sections). */
export const SHIPPING = "shipping_";
export const BILLING = "billing_";
/** The shipping step's checkbox "bill to another address". */
export const SEPARATE_BILLING = "separateBilling";

const ADDRESS_FIELDS = ["street", "housenumber", "addition", "additionalInfo", "postalCode", "city", "country"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What the API's Idempotency-Key accepts: 16–64 of A–Z a–z 0–9 _ -. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** 24 random bytes, base64url: 32 characters, 192 bits. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function emptyDraft(): CheckoutDraft {
  return { step: "personal", values: { personal: {}, shipping: {}, billing: {} }, attempt: null, withdrawalWaived: false };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stepValues(value: unknown): StepValues {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => typeof entry === "string" || typeof entry === "boolean")) as StepValues;
}

/** A stored draft, checked field by field; null when it is not one (another version, tampered). */
export function parseDraft(value: unknown): CheckoutDraft | null {
  if (!isRecord(value) || !isRecord(value.values)) return null;
  const step = STEPS.find((candidate) => candidate === value.step);
  if (!step) return null;
  const attempt = isRecord(value.attempt) && typeof value.attempt.key === "string" && KEY_PATTERN.test(value.attempt.key) && typeof value.attempt.body === "string"
    ? { key: value.attempt.key, body: value.attempt.body }
    : null;
  const { personal, shipping, billing } = value.values;
  const withdrawalWaived = value.withdrawalWaived === true;
  return { step, values: { personal: stepValues(personal), shipping: stepValues(shipping), billing: stepValues(billing) }, attempt, withdrawalWaived };
}

/** The address fields of a saved address (or an order's) under a prefix. */
export function addressValues(address: OrderAddress, prefix: string): StepValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [`${prefix}${field}`, address[field] ?? ""]));
}

export const billsSeparately = (draft: CheckoutDraft): boolean => draft.values.shipping[SEPARATE_BILLING] === true;

/** The steps this draft goes through: billing only with "bill to another address". */
export function stepsOf(draft: CheckoutDraft): Step[] {
  return STEPS.filter((step) => step !== "billing" || billsSeparately(draft));
}

const text = (value: string | boolean | undefined): string => (typeof value === "string" ? value.trim() : "");
const optional = (value: string | boolean | undefined): string | null => text(value) || null;

export function shippingCountry(values: StepValues): ShippingCountry | null {
  return SHIPPING_COUNTRIES.find((code) => code === values[`${SHIPPING}country`]) ?? null;
}

function orderAddress(values: StepValues, prefix: string): OrderAddress {
  return {
    street: text(values[`${prefix}street`]),
    housenumber: text(values[`${prefix}housenumber`]),
    addition: optional(values[`${prefix}addition`]),
    additionalInfo: optional(values[`${prefix}additionalInfo`]),
    postalCode: text(values[`${prefix}postalCode`]),
    city: text(values[`${prefix}city`]),
    country: text(values[`${prefix}country`]) as ShippingCountry,
  };
}

/**
 * The body's `data` for POST /orders: the steps' values and the cart's lines (no price: the server
 * prices). With `lessons` in the cart it carries the parent's answer to the withdrawal question.
 */
export function orderDraft(draft: CheckoutDraft, lines: CartLine[], locale: Locale, lessons = false): OrderDraft {
  const { personal, shipping, billing } = draft.values;
  const address = orderAddress(shipping, SHIPPING);
  return {
    user: { firstname: text(personal.firstname), lastname: text(personal.lastname), email: text(personal.email) },
    locale,
    cart: { items: lines.map(({ variantId, quantity, options }) => ({ variantId, quantity, options })) },
    shipping: { country: address.country, address },
    billing: billsSeparately(draft) ? { address: orderAddress(billing, BILLING) } : null,
    consent: true,
    ...(lessons ? { withdrawalWaived: draft.withdrawalWaived } : {}),
  };
}

/** A step's title key: a cart of only lessons ships nothing, so its address is just "Your address". */
export function stepTitleKey(step: Step, physical: boolean): string {
  return step === "shipping" && !physical ? "checkout.steps.address" : `checkout.steps.${step}`;
}

/** The attempt for this body: the draft's own when the body is the same (a retry), a new key otherwise. */
export function attemptFor(draft: CheckoutDraft, body: string): Attempt {
  return draft.attempt?.body === body ? draft.attempt : { key: newIdempotencyKey(), body };
}
