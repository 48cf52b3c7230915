import { useId, useState } from "react";
import { FeedbackSlot, useCart } from "../../../lib/cart";
import { formatPrice, useTranslation } from "../../../lib/i18n";
import { RichText } from "../../../ui/rich-text";
import { useLiveVariants } from "../hooks/use-live-values";
import type { Colour, ProductData, Size } from "../types";
import { choiceStatus, chosenVariant, lowestPrice, type Choice } from "../utils/variant-choice";
import { ProductGallery } from "./product-gallery";
import { SizeGuide } from "./size-guide";
import { sizeInputId, VariantPicker } from "./variant-picker";

/**
 * A product's page (published with `payload.product`): photos, price, colour and size, add to
 * cart, description and size guide. After hydration it uses today's price and availability.
 */
export function ProductPage({ product }: { product: ProductData }) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const pickerId = useId();
  const statusId = useId();
  const variants = useLiveVariants(product);
  const [choice, setChoice] = useState<Choice>({ colour: null, size: null });
  const [shownPhoto, setShownPhoto] = useState<string | null>(product.images[0]?.src ?? null);
  const [full, setFull] = useState(false);
  const variant = chosenVariant(variants, choice);
  const status = choiceStatus(variants, choice);
  const from = lowestPrice(variants) ?? product.priceFrom;

  const chooseColour = (colour: Colour) => {
    setChoice((current) => ({ ...current, colour }));
    const photo = variants.find((candidate) => candidate.colour === colour)?.introImage?.src;
    if (photo) setShownPhoto(photo);
  };
  const chooseSize = (size: Size) => setChoice((current) => ({ ...current, size }));
  const chooseSizeFromGuide = (size: Size) => {
    chooseSize(size);
    document.getElementById(sizeInputId(pickerId, size))?.focus();
  };
  const addToCart = () => {
    if (!variant || status !== "available") return;
    const added = { title: variant.title, image: variant.introImage ?? product.introImage ?? null };
    setFull(cart.add({ variantId: variant.id, quantity: 1, options: [] }, added) === "full");
  };

  const statusText = { choose: t("shop.choose"), unavailable: t("stock.unavailable"), available: t("shop.available") }[status];
  return (
    <article className="product-page">
      <div className="product-page__top">
        <ProductGallery images={product.images} shown={shownPhoto} onShow={setShownPhoto} />
        <div className="product-page__buy">
          <h1 className="product-page__title">{product.title}</h1>
          <p className="product-page__intro">{product.intro}</p>
          <VariantPicker
            id={pickerId}
            variants={variants}
            guide={product.sizeGuide}
            choice={choice}
            onColour={chooseColour}
            onSize={chooseSize}
          />
          <p id={statusId} className="product-page__status" data-status={status} role="status">
            {full ? t("shop.cartFull") : statusText}
          </p>
          <div className="product-page__add-bar">
            <p className="product-page__price">
              {variant ? formatPrice(variant.price, i18n.language) : t("shop.priceFrom", { price: formatPrice(from, i18n.language) })}
            </p>
            <button
              type="button"
              className="button button--primary product-page__add"
              disabled={status !== "available"}
              aria-describedby={statusId}
              onClick={addToCart}
            >
              {t("shop.addToCart")}
            </button>
          </div>
          {/* The "added to your cart" card: next in the page's order after the button (outside its sticky bar). */}
          <FeedbackSlot />
        </div>
      </div>
      <section className="product-page__description" aria-label={t("shop.description")}>
        <RichText nodes={product.description} />
      </section>
      <SizeGuide guide={product.sizeGuide} minAgeYears={product.minAgeYears} onChooseSize={chooseSizeFromGuide} />
    </article>
  );
}
