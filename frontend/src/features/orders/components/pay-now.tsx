import { useLocale, useTranslation } from "../../../lib/i18n";
import { usePayNow } from "../hooks/use-pay-now";

/**
 * The Pay now button, and what went wrong when it could not start a payment; `onChanged` reads the
 * order again when it turns out to be paid, or its payment on its way, meanwhile.
 */
export function PayNow({ slug, onChanged }: { slug: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { paying, problem, pay } = usePayNow(slug, useLocale(), onChanged);
  return (
    <div className="order-pay">
      <button type="button" className="button button--primary" disabled={paying} aria-disabled={paying} onClick={() => void pay()}>
        {paying ? t("forms.loading") : t("orders.payNow")}
      </button>
      <p className="order-pay__problem" role="alert">
        {problem ? t(`orders.payProblems.${problem}`) : null}
      </p>
    </div>
  );
}
