/** The checkout's side of contracts/orders-api.md: what POST /orders takes and answers. */
import type { CartLine } from "../../lib/cart";
import type { Locale } from "../../lib/i18n";
import type { UserAddress } from "../../lib/auth";
import type { ShippingCountry } from "../../lib/vocabulary";

/** An address as the order keeps it: a saved address's fields without its id. */
export type OrderAddress = Omit<UserAddress, "id">;

export type PersonalDetails = { firstname: string; lastname: string; email: string };

/**
 * The body's `data`: who orders, in which language, what (variant, quantity, options only: the
 * server prices every line), where to, and the consent. Billing null: bill to the shipping address.
 */
export type OrderDraft = {
  user: PersonalDetails;
  locale: Locale;
  cart: { items: CartLine[] };
  shipping: { country: ShippingCountry; address: OrderAddress };
  billing: { address: OrderAddress } | null;
  consent: true;
  /** Sent when the cart holds lessons (required then): the parent gives up the 14-day withdrawal for them. */
  withdrawalWaived?: boolean;
};

/** 201 (and 200 for a replay of the same key and body). */
export type OrderCreated = { orderNr: string; slug: string; checkoutUrl: string };
