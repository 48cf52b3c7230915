import { Link } from "../../../ui/link";
import { lineProblem, maxQuantity, type CartLine, type QuoteItem } from "../../../lib/cart";
import { formatPrice, useTranslation } from "../../../lib/i18n";
import { ContentImage } from "../../../ui/content-image";
import { Confirm } from "../../../ui/confirm";
import { Icon } from "../../../ui/icon";
import { QuantityControl } from "./quantity-control";

/** The ids the block moves focus to: a line's remove button and its confirmation's "No". */
export const removeButtonId = (index: number) => `cart-line-${index}-remove`;
export const keepButtonId = (index: number) => `cart-line-${index}-keep`;

/** "Splash float suit – Blue, M": the product, then the variant. */
export const lineName = (item: QuoteItem) => `${item.title} \u2013 ${item.variantLabel}`;

type Props = {
  line: CartLine;
  index: number;
  /** This line's price and what it shows, from the server's quote, when it has arrived. */
  priced: QuoteItem | undefined;
  confirming: boolean;
  onQuantity: (quantity: number) => void;
  onAskRemove: () => void;
  onKeep: () => void;
  onRemove: () => void;
};

/** One line: photo, variant title (a link to the product), options, prices, quantity, remove. */
export function CartLineView({ line, index, priced, confirming, onQuantity, onAskRemove, onKeep, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  const name = priced ? lineName(priced) : t("cart.product");
  const image = priced?.image ?? null;
  const price = (cents: number | undefined) => (cents === undefined ? "…" : formatPrice(cents, i18n.language));

  const digital = priced?.productType === "digital";
  const warning = priced ? lineProblem(priced, t) : null;

  return (
    <li className="cart-line" data-variant-id={line.variantId} aria-busy={!priced || undefined}>
      <div className="cart-line__media">
        {image ? (
          <ContentImage className="cart-line__image" image={image} />
        ) : (
          <span className="cart-line__no-image">
            <Icon name="mdi:swim" size={32} />
          </span>
        )}
      </div>
      <div className="cart-line__info">
        <h2 className="cart-line__title">{priced?.productPath ? <Link to={priced.productPath}>{name}</Link> : name}</h2>
        {line.options.length > 0 ? (
          <dl className="cart-line__options">
            {line.options.map((option) => (
              <div key={`${option.key}:${option.value}`}>
                <dt>{option.key}</dt>
                <dd>{option.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {digital ? (
          <p className="cart-line__unit">{t("cart.online")}</p>
        ) : (
          <p className="cart-line__unit">{t("cart.each", { price: price(priced?.unitPrice) })}</p>
        )}
        {warning ? (
          <p className="cart-line__warning">
            <Icon name="mdi:alert-circle" size={20} />
            {warning}
          </p>
        ) : null}
      </div>
      <div className="cart-line__amounts">
        {/* Lessons are bought once: no quantity to choose. */}
        {digital ? null : <QuantityControl quantity={line.quantity} max={maxQuantity(priced)} name={name} onChange={onQuantity} />}
        <p className="cart-line__total">
          <span className="visually-hidden">{t("cart.lineTotal")} </span>
          {price(priced?.lineTotal)}
        </p>
      </div>
      {confirming ? (
        <Confirm
          className="cart-line__confirm"
          question={t("cart.confirmRemove", { product: name })}
          yes={t("cart.yesRemove")}
          no={t("cart.noKeep")}
          noId={keepButtonId(index)}
          onYes={onRemove}
          onNo={onKeep}
        />
      ) : (
        <button
          id={removeButtonId(index)}
          type="button"
          className="cart-line__remove"
          aria-label={t("cart.removeLabel", { product: name })}
          onClick={onAskRemove}
        >
          <Icon name="mdi:delete" size={20} />
          <span aria-hidden="true">{t("cart.remove")}</span>
        </button>
      )}
    </li>
  );
}
