import type { ReactNode } from "react";
import { useParams } from "react-router";
import { config } from "../../../lib/config";
import { useHydrated } from "../../../lib/hydration";
import { formatPrice, useTranslation } from "../../../lib/i18n";
import { ButtonLink } from "../../../ui/button-link";
import { useOrder } from "../hooks/use-order";
import type { Order, OrderAddress } from "../types";
import { addressLines, formatDay } from "../utils/format";
import { BankDetails } from "./bank-details";
import { OrderCard, OrderFailed, OrderSkeleton } from "./order-card";
import { PayNow } from "./pay-now";
import { Parcels } from "./parcels";

function Address({ title, address }: { title: string; address: OrderAddress }) {
  const { t } = useTranslation();
  return (
    <section className="order-address">
      <h2>{title}</h2>
      <p>
        {addressLines(address, t).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </p>
    </section>
  );
}

function Lines({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const price = (cents: number) => formatPrice(cents, i18n.language);
  return (
    <table className="order-lines">
      <caption>{t("orders.detail.products")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("orders.detail.product")}</th>
          <th scope="col">{t("orders.detail.quantity")}</th>
          <th scope="col" className="order-lines__detail">
            {t("orders.detail.price")}
          </th>
          <th scope="col" className="order-lines__detail">
            {t("orders.detail.vat")}
          </th>
          <th scope="col">{t("orders.detail.lineTotal")}</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={`${line.sku}-${index}`}>
            <th scope="row">
              {`${line.title} – ${line.variantLabel}`}
              {line.options.map((option) => (
                <span key={option.key} className="order-lines__option">{`${option.key}: ${option.value}`}</span>
              ))}
            </th>
            <td>{line.quantity}</td>
            <td className="order-lines__detail">{price(line.unitPrice)}</td>
            <td className="order-lines__detail">{t("orders.detail.vatRate", { rate: line.vatRate })}</td>
            <td>{price(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Amounts({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const price = (cents: number) => formatPrice(cents, i18n.language);
  const rows: [string, string, string?][] = [
    [t("cart.subtotal"), price(order.subtotal)],
    [t("cart.shipping"), order.shipping === 0 ? t("cart.shippingFree") : price(order.shipping)],
    [t("cart.total"), price(order.total), "total"],
    [t("orders.detail.vatIncluded", { rate: order.vatRate }), price(order.vat)],
  ];
  if (order.amountRefunded > 0) rows.push([t("orders.detail.refunded"), price(order.amountRefunded)]);
  if (order.amountChargedBack > 0) rows.push([t("orders.detail.chargedBack"), price(order.amountChargedBack)]);
  return (
    <dl className="order-amounts">
      {rows.map(([label, value, kind]) => (
        <div key={label} className={`order-amounts__row ${kind ? `order-amounts__row--${kind}` : ""}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderDetail({ order, reload }: { order: Order; reload: () => void }) {
  const { t, i18n } = useTranslation();
  const status = t(`orders.status.${order.status}`);
  const payment = t(`orders.paymentStatus.${order.paymentStatus ?? "none"}`);
  return (
    <OrderCard title={t("orders.detail.title", { orderNr: order.orderNr })}>
      <dl className="order-facts">
        <div>
          <dt>{t("orders.detail.placedOn")}</dt>
          <dd>{formatDay(order.createdAt, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t("orders.detail.status")}</dt>
          <dd data-testid="order-status">{status}</dd>
        </div>
        <div>
          <dt>{t("orders.detail.payment")}</dt>
          <dd data-testid="order-payment-status">{payment}</dd>
        </div>
      </dl>
      <Lines order={order} />
      <Amounts order={order} />
      {order.shipments?.length ? <Parcels parcels={order.shipments} /> : null}
      {order.bankTransfer && order.status === "awaiting_payment" ? <BankDetails bank={order.bankTransfer} amount={order.total} /> : null}
      <div className="order-addresses">
        <section className="order-address">
          <h2>{t("orders.detail.customer")}</h2>
          <p>
            <span>{`${order.customer.firstname} ${order.customer.lastname}`}</span>
            <span>{order.customer.email}</span>
          </p>
        </section>
        <Address title={t("orders.detail.shippingAddress")} address={order.shippingAddress} />
        <Address title={t("orders.detail.billingAddress")} address={order.billingAddress} />
      </div>
      <div className="order-card__actions">
        {order.lessonsPath ? <ButtonLink to={order.lessonsPath}>{t("orders.watchLessons")}</ButtonLink> : null}
        {order.invoiceUrl ? (
          <a className="button button--secondary" href={`${config.apiBaseURL}${order.invoiceUrl}`} target="_blank" rel="noopener">
            {t("orders.detail.invoice")}
          </a>
        ) : null}
        {order.canPay ? <PayNow slug={order.slug} onChanged={reload} /> : null}
      </div>
    </OrderCard>
  );
}

function LoadedOrder({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const order = useOrder(slug);
  if (order.status === "not-found") return <>{notFound}</>;
  if (order.status === "failed") return <OrderFailed onRetry={order.reload} />;
  if (!order.order) return <OrderSkeleton />;
  return <OrderDetail order={order.order} reload={order.reload} />;
}

/** `/order/{slug}`: the order with its lines, VAT, totals, addresses, status, bank details, refunds and invoice. */
export function OrderDetailScreen({ notFound }: { notFound: ReactNode }) {
  const hydrated = useHydrated();
  const { slug } = useParams();
  // The published HTML is the same for every order: the order shows once hydrated.
  if (!hydrated) return <OrderSkeleton />;
  if (!slug) return <>{notFound}</>;
  return <LoadedOrder key={slug} slug={slug} notFound={notFound} />;
}
