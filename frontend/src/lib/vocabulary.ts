/**
 * The API's vocabularies, each listed once: a const list (what the SPA offers or checks at run
 * time) and its type. contracts/vocabularies.json holds the same lists; the server's StrEnums
 * (backend/splash/{academy,accounts,catalog,orders}/vocabulary.py) and vocabulary.test.ts check them.
 */

/** `details.code` of an account failure, for the SPA's own texts. */
export const ACCOUNT_ERRORS = [
  "invalid_credentials",
  "email_not_confirmed",
  "blocked",
  "email_taken",
  "passwords_mismatch",
  "invalid_code",
  "provider_error",
  "no_password",
  "current_password_incorrect",
  "email_unchanged",
  "email_has_account",
] as const;
export type AccountError = (typeof ACCOUNT_ERRORS)[number];

/** Where an e-mail-change link lands: `/email-confirmed?status=…`. */
export const EMAIL_CHANGE_OUTCOMES = ["changed", "taken", "invalid"] as const;
export type EmailChangeOutcome = (typeof EMAIL_CHANGE_OUTCOMES)[number];

/** The countries Splash ships to (spec §3), as ISO codes (Sweden is "se"), in the shop's order. */
export const SHIPPING_COUNTRIES = ["nl", "de", "fr", "es", "se"] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/** A product's `type`: physical products are shipped, digital ones are not. */
export const PRODUCT_TYPES = ["physical", "digital"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** A payment's status as Mollie reports it. */
export const PAYMENT_STATUSES = ["open", "pending", "authorized", "paid", "canceled", "expired", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an order stands (its legal moves: backend/splash/orders/payment_status.py). */
export const ORDER_STATUSES = ["awaiting_payment", "paid", "shipped", "completed", "refunded", "canceled", "expired", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** `details.code` of the orders API's refusals (a 409, or the 503 of an unreachable payment provider). */
export const ORDER_ERRORS = ["idempotency_key_reused", "product_unavailable", "order_paid", "payment_in_progress", "payment_provider_unavailable", "already_owned", "too_many_orders"] as const;
export type OrderError = (typeof ORDER_ERRORS)[number];

/** Why a cart line of lessons cannot be bought: owned already, or another line unlocks it. */
export const LINE_REFUSALS = ["owned", "in_cart"] as const;
export type LineRefusal = (typeof LINE_REFUSALS)[number];

/** What an academy unlock button sells. */
export const OFFER_KINDS = ["lesson", "level", "bundle"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** What a visitor may do with a lesson: watch it (owned, or a free preview) or see it locked. */
export const LESSON_ACCESS = ["owned", "preview", "locked"] as const;
export type LessonAccess = (typeof LESSON_ACCESS)[number];
