/**
 * Where the "added to your cart" card sits in the page's order: right after the control that adds
 * (the product page's button), so the next Tab reaches the card before it leaves. Without a slot
 * on the page the card stays in the layout's own region (after the footer). The card's place on
 * screen is the same either way (cart.css: fixed, at the top).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "../i18n";

type SlotContext = { slot: HTMLElement | null; setSlot: (slot: HTMLElement | null) => void };

const FeedbackSlotContext = createContext<SlotContext>({ slot: null, setSlot: () => undefined });

export function FeedbackSlotProvider({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ slot, setSlot }), [slot]);
  return <FeedbackSlotContext.Provider value={value}>{children}</FeedbackSlotContext.Provider>;
}

/** The slot the page offers for the card (null: none; the card stays in the layout's region). */
export function useFeedbackSlot(): HTMLElement | null {
  return useContext(FeedbackSlotContext).slot;
}

/**
 * The card's place, rendered right after the control that adds to the cart. A polite live region
 * of its own, there before a card arrives, so the card is announced as the layout's region would.
 */
export function FeedbackSlot() {
  const { t } = useTranslation();
  const { setSlot } = useContext(FeedbackSlotContext);
  const place = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return undefined;
      setSlot(element);
      return () => setSlot(null);
    },
    [setSlot],
  );
  return <div ref={place} className="cart-feedback" role="status" aria-label={t("cart.feedback.region")} />;
}
