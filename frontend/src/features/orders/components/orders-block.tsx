import { useId, useState } from "react";
import { Link } from "../../../ui/link";
import { useAuth } from "../../../lib/auth";
import { formatPrice, useLocale, useTranslation } from "../../../lib/i18n";
import { useLiveRead } from "../../../lib/live-read";
import { routePath, shopPath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { Icon } from "../../../ui/icon";
import { getMyOrders } from "../api/get-my-orders";
import type { OrderSummary } from "../types";
import { formatDay } from "../utils/format";
import { TrackingLink, useCarrierName } from "./parcels";

function OrderItem({ order }: { order: OrderSummary }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const carrierName = useCarrierName();
  return (
    <li className="orders-list__item">
      <Link className="orders-list__link" to={routePath("order", locale, { slug: order.slug })}>
        {t("orders.list.order", { orderNr: order.orderNr })}
      </Link>
      <span className="orders-list__date">{formatDay(order.createdAt, i18n.language)}</span>
      <span className="orders-list__total">{formatPrice(order.total, i18n.language)}</span>
      <span className={`orders-list__payment orders-list__payment--${order.paymentStatus ?? "none"}`}>
        {t("orders.list.payment", { status: t(`orders.paymentStatus.${order.paymentStatus ?? "none"}`) })}
      </span>
      {order.shipments?.map((parcel, index) => (
        <TrackingLink
          key={`${parcel.shippedAt}-${index}`}
          parcel={parcel}
          label={t("orders.list.track", { carrier: carrierName(parcel), trackingNumber: parcel.trackingNumber })}
        />
      ))}
    </li>
  );
}

function NoOrders() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="orders-empty">
      <span className="orders-empty__icon">
        <Icon name="mdi:package-variant" size={40} />
      </span>
      <p className="orders-empty__title">{t("orders.list.empty")}</p>
      <p>{t("orders.list.emptyText")}</p>
      <ButtonLink to={shopPath(locale)}>{t("orders.list.shop")}</ButtonLink>
    </div>
  );
}

/** The signed-in parent's orders, newest first, each with its payment status and a link to it. */
function Orders({ session }: { session: string }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const read = useLiveRead(`${session}:${attempt}`, (signal) => getMyOrders(undefined, signal));
  if (read.failed) {
    return (
      <div className="orders-failed" role="alert">
        <p>{t("orders.list.failed")}</p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((current) => current + 1)}>
          {t("orders.retry")}
        </button>
      </div>
    );
  }
  const orders = read.current?.data;
  if (!orders) return <div className="orders-list orders-list--loading" aria-busy="true" aria-label={t("orders.list.loading")} />;
  if (orders.length === 0) return <NoOrders />;
  return (
    <ul className="orders-list">
      {orders.map((order) => (
        <OrderItem key={order.slug} order={order} />
      ))}
    </ul>
  );
}

/** The account page's orders (its order-item block); signed out, the profile block shows the way in. */
export function OrdersBlock() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const id = useId();
  if (status !== "signed-in" || !user) return null;
  return (
    <section className="block block-orders" aria-labelledby={id}>
      <h2 id={id}>{t("orders.list.title")}</h2>
      <Orders session={String(user.id)} />
    </section>
  );
}
