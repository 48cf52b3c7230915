import { Link } from "../../../ui/link";
import { formatList, formatPrice, useTranslation } from "../../../lib/i18n";
import { ContentImage } from "../../../ui/content-image";
import { Icon } from "../../../ui/icon";
import type { ProductCard } from "../types";

type Props = {
  card: ProductCard;
  heading: "h2" | "h3";
  /** The product-item block's bigger card. */
  featured?: boolean;
};

/** A product as a card: photo, title (the link to its page), intro, "from €…" and its colours. */
export function ProductCardView({ card, heading: Heading, featured = false }: Props) {
  const { t, i18n } = useTranslation();
  const colourNames = card.colours.map((colour) => t(`shop.colours.${colour}`));
  const colours = formatList(colourNames, i18n.language);
  return (
    <article className={featured ? "product-card product-card--featured" : "product-card"}>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <Link className="product-card__link" to={card.path}>
            {card.title}
          </Link>
        </Heading>
        <p className="product-card__intro">{card.intro}</p>
        <p className="product-card__meta">
          <span className="product-card__price">{t("shop.priceFrom", { price: formatPrice(card.priceFrom, i18n.language) })}</span>
          <span className="product-card__colours">
            <span className="visually-hidden">{t("shop.availableColours", { colours })}</span>
            {card.colours.map((colour) => (
              <span key={colour} className={`swatch__dot swatch__dot--${colour}`} aria-hidden="true" />
            ))}
          </span>
        </p>
        {card.available ? null : <p className="product-card__sold-out">{t("shop.soldOut")}</p>}
      </div>
      <div className="product-card__media">
        {card.introImage ? (
          <ContentImage className="product-card__image" image={card.introImage} eager={featured} />
        ) : (
          <span className="product-card__no-image">
            <Icon name="mdi:swim" size={48} />
          </span>
        )}
      </div>
    </article>
  );
}
