import { formatPrice, useTranslation } from "../../../lib/i18n";
import type { BankTransfer } from "../types";

/** Where to transfer the money, with the reference that matches it to the order. */
export function BankDetails({ bank, amount }: { bank: BankTransfer; amount: number }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t("orders.bank.bankName"), bank.bankName],
    [t("orders.bank.bankAccount"), bank.bankAccount],
    [t("orders.bank.bankBic"), bank.bankBic],
    [t("orders.bank.transferReference"), bank.transferReference],
  ];
  return (
    <section className="order-bank" aria-label={t("orders.bank.title")}>
      <h2>{t("orders.bank.title")}</h2>
      <p>{t("orders.bank.intro", { amount: formatPrice(amount, i18n.language) })}</p>
      <dl className="order-bank__details">
        {rows.map(([label, value]) => (
          <div key={label} className="order-bank__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="order-bank__hint">{t("orders.bank.hint")}</p>
    </section>
  );
}
