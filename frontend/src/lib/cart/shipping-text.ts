import type { TFunction } from "i18next";
import { formatPrice } from "../i18n";
import type { ShippingQuote } from "./quote-types";

/**
 * The shipping line of the cart and the checkout: "…" while priced, to be announced, free, or the
 * cost; nothing to ship (`physical` false: only lessons) says so.
 */
export function shippingText(shipping: ShippingQuote | undefined, t: TFunction, language: string, physical = true): string {
  if (!shipping) return "…";
  if (!physical) return t("cart.shippingNone");
  if (shipping.status === "tbd") return t("cart.shippingTbd");
  if (shipping.status === "free") return t("cart.shippingFree");
  return formatPrice(shipping.cost, language);
}
