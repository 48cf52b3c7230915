/**
 * What the contracts of the studio's shop screens (./studio-shop.pact.test.ts) expect of the
 * answers: example ids (the provider state answers the real ones), paths built from them, and the
 * shapes of a customer, an entitlement and a stock row.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { ISO_TIMESTAMP } from "./accounts";
import { errorBody } from "./provider";

const { boolean, eachLike, fromProviderState, integer, regex, string } = MatchersV3;

export const CUSTOMER = "anna@example.com";
export const IDS = { customer: 12, order: 34, entitlement: 56, blocked: 13, variant: 7 };
export const customerPath = (rest = "", id: "customerId" | "blockedCustomerId" = "customerId") =>
  fromProviderState(`/api/studio/customers/\${${id}}${rest}`, `/api/studio/customers/${id === "customerId" ? IDS.customer : IDS.blocked}${rest}`);
export const variantPath = (rest = "") => fromProviderState(`/api/studio/stock/\${variantId}${rest}`, `/api/studio/stock/${IDS.variant}${rest}`);

export const DAY = regex("^\\d{4}-\\d{2}-\\d{2}$", "2026-11-29");
export const ORDER_STATUS = regex("^(awaiting_payment|paid|shipped|completed|refunded|canceled|expired|failed)$", "paid");

export const fieldError = (path: string[], message: string) =>
  errorBody(400, "ValidationError", message, { errors: eachLike({ path, message: string(message), name: string("ValidationError") }) });

export const CUSTOMER_ROW = {
  id: integer(IDS.customer),
  email: CUSTOMER,
  firstname: "Anna",
  lastname: "Jansen",
  locale: string("nl"),
  provider: regex("^(local|google)$", "local"),
  confirmed: boolean(true),
  blocked: boolean(false),
  createdAt: ISO_TIMESTAMP,
};

export const ENTITLEMENT = {
  id: integer(IDS.entitlement),
  lesson: string("level-1-lesson-1"),
  level: string("level-1"),
  course: string("learn-to-swim"),
  source: regex("^(purchase|suit_gift|granted)$", "suit_gift"),
  grantedAt: ISO_TIMESTAMP,
};

export const STOCK_ROW = {
  variantId: integer(IDS.variant),
  product: string("float-suit"),
  title: string("Float suit"),
  colour: string("Blue"),
  size: string("L"),
  sku: string("SPL-FS-BLUE-L"),
  active: boolean(true),
  onHand: integer(20),
  reserved: integer(2),
  available: integer(18),
  lowStockThreshold: integer(3),
  low: boolean(false),
};
