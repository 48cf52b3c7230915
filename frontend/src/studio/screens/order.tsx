import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { formatPrice, useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { Heading } from "../heading";
import { getOrder, listRefunds, packingSlipsUrl, type OrderMoney, type Refund, type StudioOrder } from "../orders-api";
import { can, useMe, useSession } from "../session";
import { StatusMessage, type Notice } from "../status";
import { CancelForm } from "./cancel-form";
import { AddressBlock, Lines, Mails, Notes, Payments, Refunds, Shipments, Timeline } from "./order-sections";
import { RefundForm } from "./refund-form";
import { ShipForm } from "./ship-form";
import { toShip } from "./orders-logic";
import "./orders.css";

type Loaded = { order: StudioOrder; refunds: Refund[]; money: OrderMoney };

/** One order: what was bought, where it goes, its money, parcels, e-mails, notes and history; ship, refund, cancel. */
export function OrderScreen() {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const me = useMe();
  const { id: raw } = useParams();
  const id = Number(raw);
  const wellFormed = Number.isInteger(id) && id >= 1;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setProblem] = useState<"failed" | "notFound" | "forbidden" | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const load = useCallback(async () => {
    const [order, refunds] = await Promise.all([getOrder(client, id), listRefunds(client, id)]);
    return { order, refunds: refunds.data, money: refunds.order };
  }, [client, id]);

  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    load().then(
      (found) => current && setLoaded(found),
      (error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiError ? error.status : 0;
        setProblem(status === 404 || status === 400 ? "notFound" : status === 403 ? "forbidden" : "failed");
      },
    );
    return () => {
      current = false;
    };
  }, [load, wellFormed]);

  /** After an action: the server's new state of the order, and what the action did. */
  const done = useCallback(
    (text: string) => {
      setNotice({ kind: "done", text });
      load().then(setLoaded, () => setNotice({ kind: "failed", text: t("studio.failed") }));
    },
    [load, t],
  );
  const failed = useCallback((text: string) => setNotice({ kind: "failed", text }), []);
  const problem = wellFormed ? failure : "notFound";

  if (problem) {
    return (
      <>
        <Heading>{t(problem === "notFound" ? "studio.order.notFound" : problem === "forbidden" ? "studio.forbidden.title" : "studio.order.title")}</Heading>
        <p role="alert">{t(problem === "failed" ? "studio.failed" : problem === "forbidden" ? "studio.orders.forbidden" : "studio.order.notFoundText")}</p>
        <p>
          <Link to="/studio/orders">{t("studio.order.back")}</Link>
        </p>
      </>
    );
  }
  if (!loaded) {
    return (
      <p role="status" aria-busy="true">
        {t("studio.loading")}
      </p>
    );
  }
  const { order, refunds, money } = loaded;
  const price = (cents: number) => formatPrice(cents, i18n.language);
  const shippable = order.status === "paid" && order.lines.some((line) => toShip(line) > 0);
  const unpaid = order.status === "awaiting_payment";

  return (
    <>
      <Heading>{t("studio.order.title", { number: order.orderNr })}</Heading>
      <p>
        <Link to="/studio/orders">{t("studio.order.back")}</Link>
      </p>
      <StatusMessage notice={notice} />
      <dl className="studio-facts">
        <div>
          <dt>{t("studio.orders.status")}</dt>
          <dd data-testid="studio-order-status">{t(`studio.orders.statuses.${order.status}`)}</dd>
        </div>
        <div>
          <dt>{t("studio.order.customer")}</dt>
          <dd>
            {order.firstname} {order.lastname} · {order.email}
            {order.userId === null ? ` (${t("studio.order.guest")})` : null}
          </dd>
        </div>
        <div>
          <dt>{t("studio.order.total")}</dt>
          <dd>{price(order.total)}</dd>
        </div>
        <div>
          <dt>{t("studio.order.refunded")}</dt>
          <dd data-testid="order-refunded">{price(money.amountRefunded)}</dd>
        </div>
        {order.invoiceNr ? (
          <div>
            <dt>{t("studio.order.invoice")}</dt>
            <dd>{order.invoiceNr}</dd>
          </div>
        ) : null}
        {order.flagged ? (
          <div>
            <dt>{t("studio.orders.flagged")}</dt>
            <dd>{t(`studio.order.flags.${order.flagged}`)}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        <a href={packingSlipsUrl([order.id])} target="_blank" rel="noopener">
          {t("studio.order.packingSlip")}
        </a>
      </p>
      <Lines order={order} />
      <div className="studio-columns">
        <AddressBlock title={t("studio.order.shippingAddress")} address={order.shippingAddress} />
        <AddressBlock title={t("studio.order.billingAddress")} address={order.billingAddress} />
      </div>
      {shippable && can(me, "ship") ? <ShipForm order={order} onShipped={done} /> : null}
      <Shipments order={order} />
      <Payments order={order} />
      <Refunds order={order} refunds={refunds} />
      {can(me, "refund") && money.refundable > 0 ? <RefundForm order={order} refunds={refunds} money={money} onRefunded={done} /> : null}
      {unpaid && can(me, "ship") ? <CancelForm order={order} onCanceled={done} onFailed={failed} /> : null}
      <Mails order={order} onSent={done} onFailed={failed} />
      <Notes order={order} onAdded={done} />
      <Timeline order={order} />
    </>
  );
}
