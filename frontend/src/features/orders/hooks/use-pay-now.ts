/**
 * Pay now: a payment for the order (the open one's page, or a new one) and off to the payment
 * page. Once at a time; a failure is worded for the parent: paid meanwhile or a payment already
 * on its way (the order is read again and shows where it stands), products gone, the payment
 * service unreachable, or anything else.
 */
import { useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import type { Locale } from "../../../lib/i18n";
import { browserNavigation } from "../../../lib/navigation";
import { routePath } from "../../../lib/routes";
import type { OrderError } from "../../../lib/vocabulary";
import { startPayment } from "../api/start-payment";

export type PayProblem = "unavailable" | "service-unavailable" | "failed";

export function usePayNow(slug: string, locale: Locale, onChanged: () => void) {
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<PayProblem | null>(null);
  const pending = useRef(false);

  async function pay() {
    if (pending.current) return;
    pending.current = true;
    setPaying(true);
    setProblem(null);
    try {
      const { data } = await startPayment(slug, `${window.location.origin}${routePath("order-payment", locale)}`);
      browserNavigation.leaveTo(data.checkoutUrl);
    } catch (error) {
      pending.current = false;
      setPaying(false);
      const code = (error instanceof ApiError ? error.details.code : undefined) as OrderError | undefined;
      if (error instanceof ApiError && error.status === 409 && (code === "order_paid" || code === "payment_in_progress")) onChanged();
      else if (error instanceof ApiError && error.status === 409 && code === "product_unavailable") setProblem("unavailable");
      else if (error instanceof ApiError && error.status === 503) setProblem("service-unavailable");
      else setProblem("failed");
    }
  }

  return { paying, problem, pay };
}
