import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The frame of the order pages: a card with its heading, which takes focus when the card's state changes. */
export function OrderCard({ title, tone, children }: { title: string; tone?: "success" | "waiting" | "failure"; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(title);
  // A new state (waiting → thank you) is announced by moving focus to its heading; arrival is not.
  useEffect(() => {
    if (shown.current === title) return;
    shown.current = title;
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <section className={`order-card ${tone ? `order-card--${tone}` : ""}`}>
      <h1 ref={heading} tabIndex={-1} className="order-card__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** While the order loads (and in the published HTML, which knows no order). */
export function OrderSkeleton() {
  const { t } = useTranslation();
  return (
    <section className="order-card order-card--skeleton" aria-busy="true" aria-label={t("orders.loading")}>
      <span className="skeleton skeleton--title" />
      <span className="skeleton" />
      <span className="skeleton skeleton--short" />
    </section>
  );
}

/** The order could not be read (network, server): say so and offer to try again. */
export function OrderFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <OrderCard title={t("orders.failedTitle")} tone="failure">
      <p>{t("orders.failedText")}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t("orders.retry")}
      </button>
    </OrderCard>
  );
}
