import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useCart, useFeedbackSlot, type CartFeedback as Feedback } from "../../../lib/cart";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { ContentImage } from "../../../ui/content-image";
import { Icon } from "../../../ui/icon";
import { CloseIcon } from "../../../ui/icons";

/** How long a card stays (spec): it pauses while hovered or focused. */
export const FEEDBACK_MS = 5000;

/**
 * "Added to your cart", after each addition: one card at a time (the next waits its turn), gone
 * after 5 seconds, on its close button or on "View cart". The region is polite and the card never
 * takes the focus. Rendered by the app's layout, so it outlives a navigation; while the page
 * offers a slot right after its add button (lib/cart's FeedbackSlot), the card is rendered there,
 * so the next Tab reaches it while it shows.
 */
export function CartFeedback() {
  const { t } = useTranslation();
  const cart = useCart();
  const slot = useFeedbackSlot();
  const card = cart.feedback[0];
  const shown = card ? <FeedbackCard key={card.id} card={card} onDone={cart.dismissFeedback} /> : null;
  return (
    <div className="cart-feedback" role="status" aria-label={t("cart.feedback.region")}>
      {slot ? createPortal(shown, slot) : shown}
    </div>
  );
}

type CardProps = { card: Feedback; onDone: (id: number) => void };

function FeedbackCard({ card, onDone }: CardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(FEEDBACK_MS);
  const { id, added } = card;
  const image = added.image;
  // Where the focus was when the card came (the add button): closing the card from the keyboard
  // gives the focus back there rather than to the page's start.
  const origin = useRef<Element | null>(null);
  useEffect(() => {
    origin.current = document.activeElement;
  }, []);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDone(id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, id, onDone]);

  const done = () => onDone(id);
  const close = () => {
    const back = origin.current;
    onDone(id);
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };
  return (
    <div
      className="cart-feedback__card"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div className="cart-feedback__media">
        {image ? <ContentImage className="cart-feedback__image" image={image} /> : <Icon name="mdi:check-circle" size={40} />}
      </div>
      <div className="cart-feedback__text">
        <p className="cart-feedback__title">{card.already ? t("cart.feedback.already") : t("cart.feedback.title")}</p>
        <p className="cart-feedback__product">
          {card.line.quantity > 1 ? t("cart.feedback.quantity", { quantity: card.line.quantity, product: added.title }) : added.title}
        </p>
      </div>
      <div className="cart-feedback__actions">
        <ButtonLink to={routePath("cart", locale)} onClick={done}>
          {t("cart.feedback.view")}
        </ButtonLink>
      </div>
      <button type="button" className="cart-feedback__close" aria-label={t("cart.feedback.close")} onClick={close}>
        <CloseIcon size={20} />
      </button>
    </div>
  );
}
