import { useState } from "react";
import { Link } from "../../../../ui/link";
import { useCart, type AddedVariant } from "../../../../lib/cart";
import { formatPrice, useLocale, useTranslation } from "../../../../lib/i18n";
import { routePath } from "../../../../lib/routes";
import type { Offer } from "../types";

type Props = {
  offer: Offer;
  /** What it unlocks: "This lesson", "All of level 2". */
  label: string;
  /** The button's words for a price: "Unlock level 2 for €14,95". */
  action: (price: string) => string;
  /** What the cart's "added" card shows. */
  added: AddedVariant;
};

/**
 * One unlock button: the price (and the saving, for a level) and "add to cart" through the shop's
 * cart — or "Unlocked" when owned, or "In your cart" with a link to it. The server prices the line
 * again for the buyer in the cart's quote; these are the published (list) prices.
 */
export function UnlockOffer({ offer, label, action: actionText, added }: Props) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const cart = useCart();
  const [full, setFull] = useState(false);
  const inCart = cart.lines.some((line) => line.variantId === offer.variantId);
  const price = formatPrice(offer.price, i18n.language);

  let action;
  if (offer.owned) {
    action = <p className="unlock-offer__state">{t("lesson.offer.owned")}</p>;
  } else if (inCart) {
    action = (
      <p className="unlock-offer__state">
        {t("lesson.offer.inCart")} <Link to={routePath("cart", locale)}>{t("lesson.offer.toCart")}</Link>
      </p>
    );
  } else {
    action = (
      <button
        type="button"
        className="button button--primary"
        onClick={() => setFull(cart.add({ variantId: offer.variantId, quantity: 1, options: [] }, added) === "full")}
      >
        {actionText(price)}
      </button>
    );
  }
  return (
    <div className="unlock-offer" data-kind={offer.kind}>
      <p className="unlock-offer__title">{label}</p>
      <p className="unlock-offer__price">
        <span>{price}</span>
        {offer.saving > 0 && !offer.owned && (
          <span className="unlock-offer__saving">{t("lesson.offer.saving", { amount: formatPrice(offer.saving, i18n.language) })}</span>
        )}
      </p>
      {action}
      {full && <p role="status">{t("lesson.offer.cartFull")}</p>}
    </div>
  );
}
