import { useId } from "react";
import { Link } from "../../../ui/link";
import { useCart } from "../../../lib/cart";
import { formatPrice, useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { Icon } from "../../../ui/icon";
import type { ImageData } from "../../../ui/rich-text-types";
import { useFocusAfterRender } from "../../../ui/use-focus-after-render";
import type { Offer } from "../types";
import { offerState } from "../utils/course-view";

type Props = {
  offer: Offer;
  /** The button's text, naming what it unlocks: "Unlock level 2". */
  label: string;
  /** What the cart's feedback card shows of it: "Learn to swim – Level 2". */
  title: string;
  image: ImageData | null;
};

/** An offer's price and saving as the server computed them: "€14.95", "Save €4.85". */
export function OfferPrice({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="offer-price">
      <span className="offer-price__price">{formatPrice(offer.price, i18n.language)}</span>
      {offer.saving > 0 ? (
        <>
          {" "}
          <s className="offer-price__parts">
            <span className="visually-hidden">{t("academy.offer.instead")} </span>
            {formatPrice(offer.parts, i18n.language)}
          </s>{" "}
          <span className="offer-price__saving">{t("academy.offer.save", { amount: formatPrice(offer.saving, i18n.language) })}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * An unlock button: the price and saving, and adding the offer to the cart (once: lessons are
 * bought once). Owned: "Unlocked" and no button; in the cart: "In your cart" with a link to it.
 */
export function UnlockOffer({ offer, label, title, image }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const cart = useCart();
  const priceId = useId();
  const cartLinkId = useId();
  // The button goes once the offer is in the cart: the focus moves on to the cart link in its place.
  const focus = useFocusAfterRender();
  const state = offerState(offer, cart.lines);

  if (state === "owned") {
    return (
      <p className="unlock unlock--owned">
        <Icon name="mdi:lock-open-variant" size={20} />
        {t("academy.offer.unlocked")}
      </p>
    );
  }
  if (state === "in-cart") {
    return (
      <p className="unlock unlock--in-cart">
        <Icon name="mdi:cart" size={20} />
        {t("academy.offer.inCart")}{" "}
        <Link id={cartLinkId} to={routePath("cart", locale)}>
          {t("academy.offer.toCart")}
        </Link>
      </p>
    );
  }
  return (
    <div className="unlock">
      <p id={priceId} className="unlock__price">
        <OfferPrice offer={offer} />
      </p>
      <button
        type="button"
        className="button button--primary unlock__button"
        aria-describedby={priceId}
        onClick={() => {
          cart.add({ variantId: offer.variantId, quantity: 1, options: [] }, { title, image }, { once: true });
          focus(cartLinkId);
        }}
      >
        <Icon name="mdi:lock" size={20} />
        {label}
      </button>
    </div>
  );
}
