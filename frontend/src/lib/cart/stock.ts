/**
 * What the shop says about stock, in one wording (the `stock` texts): the cart's lines, the
 * checkout's summary and a refused order ("Only 9 left"). The server's 409 says the same words
 * (backend/splash/orders/stock_texts.py, held to these texts by a test).
 */
import type { TFunction } from "i18next";
import type { QuoteItem } from "./quote-types";
import { MAX_QUANTITY } from "./rules";

/** "Only 9 left" when some are left, else "This product is (currently) unavailable". */
export function stockText(left: number, t: TFunction): string {
  return left > 0 ? t("stock.left", { count: left }) : t("stock.unavailable");
}

/**
 * What a quoted line cannot have as it is: lessons it may not buy (owned, or unlocked by another
 * line), too few left or none; null when it can be ordered.
 */
export function lineProblem(item: QuoteItem, t: TFunction): string | null {
  if (item.refusal) return t(`cart.refusal.${item.refusal}`);
  if (item.available) return null;
  return stockText(item.stock < item.quantity ? item.stock : 0, t);
}

/** The most a line's quantity may be: 99, or fewer when that is all that is left. */
export function maxQuantity(item: QuoteItem | undefined): number {
  return item && item.productType === "physical" && item.stock > 0 ? Math.min(MAX_QUANTITY, item.stock) : MAX_QUANTITY;
}

/** Why a typed quantity was lowered to `max`: all that is left, or the most a line takes. */
export function maxSetText(max: number, t: TFunction): string {
  return max < MAX_QUANTITY ? t("stock.setToLeft", { count: max, left: stockText(max, t) }) : t("stock.setToMost", { count: max });
}
