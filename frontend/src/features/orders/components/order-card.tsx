import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";

export const ORDER_CARD_TITLE = "order-card__title";

/** The frame of the order pages: a card with its heading (focusable: a new outcome moves focus to it). */
export function OrderCard({ title, tone, children }: { title: string; tone?: "success" | "waiting" | "failure"; children: ReactNode }) {
  return (
    <section className={`order-card ${tone ? `order-card--${tone}` : ""}`}>
      <h1 tabIndex={-1} className={ORDER_CARD_TITLE}>
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
