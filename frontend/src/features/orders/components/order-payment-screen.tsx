import { useEffect, useRef, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "../../../lib/auth";
import { endCheckout, useCart } from "../../../lib/cart";
import { useHydrated } from "../../../lib/hydration";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath, shopPath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { useOrder } from "../hooks/use-order";
import { useRecheck } from "../hooks/use-recheck";
import type { Order } from "../types";
import { outcomeOf, shipsGoods } from "../utils/outcome";
import { BankDetails } from "./bank-details";
import { ORDER_CARD_TITLE, OrderCard, OrderFailed, OrderSkeleton } from "./order-card";
import { PayNow } from "./pay-now";

function ViewOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ButtonLink to={routePath("order", locale, { slug: order.slug })} variant="secondary">
      {t("orders.viewOrder")}
    </ButtonLink>
  );
}

/**
 * The order unlocked lessons: they can be watched at once. Signed out (a guest's order), on this
 * device: the browser that paid holds the order's pass until the account's password is set.
 */
function LessonsReady() {
  const { t } = useTranslation();
  const { status } = useAuth();
  return <p>{t(status === "signed-in" ? "orders.payment.lessons" : "orders.payment.lessonsHere")}</p>;
}

/** Waiting for the money: re-checked every few seconds for a while, then "check again". */
function Waiting({ order, reload }: { order: Order; reload: () => void }) {
  const { t } = useTranslation();
  const recheck = useRecheck(reload);
  return (
    <OrderCard title={t("orders.payment.waitingTitle")} tone="waiting">
      <p>{t("orders.payment.waiting", { orderNr: order.orderNr })}</p>
      {order.bankTransfer ? <BankDetails bank={order.bankTransfer} amount={order.total} /> : null}
      <p className="order-card__status" role="status">
        {recheck.checking ? t("orders.payment.checking") : t("orders.payment.stillOpen")}
      </p>
      <div className="order-card__actions">
        {recheck.checking ? null : (
          <button type="button" className="button button--secondary" onClick={recheck.again}>
            {t("orders.payment.checkAgain")}
          </button>
        )}
        {/* Not while the payment is pending or authorized: the money is on its way. */}
        {order.canPay ? <PayNow slug={order.slug} onChanged={reload} /> : null}
      </div>
    </OrderCard>
  );
}

function Outcome({ order, reload }: { order: Order; reload: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  switch (outcomeOf(order)) {
    case "thanks":
      return (
        <OrderCard title={t("orders.payment.thanksTitle")} tone="success">
          <p>{t(shipsGoods(order) ? "orders.payment.thanks" : "orders.payment.thanksDigital", { orderNr: order.orderNr })}</p>
          {order.lessonsPath ? <LessonsReady /> : null}
          <p>{t("orders.payment.confirmation", { email: order.customer.email })}</p>
          <div className="order-card__actions">
            {order.lessonsPath ? <ButtonLink to={order.lessonsPath}>{t("orders.watchLessons")}</ButtonLink> : null}
            <ViewOrder order={order} />
            <ButtonLink to={shopPath(locale)} variant={order.lessonsPath ? "secondary" : "primary"}>
              {t("orders.toShop")}
            </ButtonLink>
          </div>
        </OrderCard>
      );
    case "waiting":
      return <Waiting order={order} reload={reload} />;
    case "failed":
      return (
        <OrderCard title={t("orders.payment.failedTitle")} tone="failure">
          <p>{t("orders.payment.failed", { orderNr: order.orderNr })}</p>
          <div className="order-card__actions">
            <PayNow slug={order.slug} onChanged={reload} />
          </div>
        </OrderCard>
      );
    case "closed":
      return (
        <OrderCard title={t("orders.detail.title", { orderNr: order.orderNr })}>
          <p>{t("orders.payment.closed", { status: t(`orders.status.${order.status}`) })}</p>
          <div className="order-card__actions">
            <ViewOrder order={order} />
          </div>
        </OrderCard>
      );
  }
}

function OrderPayment({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const order = useOrder(slug);
  const cart = useCart();
  const found = order.order;
  const outcome = found ? outcomeOf(found) : null;
  // The cart is emptied once the order is paid or waits for its payment — never before, never on failure.
  const { clear } = cart;
  useEffect(() => {
    if (found && (outcome === "thanks" || outcome === "waiting")) endCheckout(found.slug, clear);
  }, [found, outcome, clear]);
  // A new outcome (waiting → thank you) is announced by moving focus to its heading; the first is not.
  const shown = useRef(outcome);
  useEffect(() => {
    if (shown.current === outcome) return;
    const first = shown.current === null;
    shown.current = outcome;
    if (!first) document.querySelector<HTMLElement>(`.${ORDER_CARD_TITLE}`)?.focus({ preventScroll: true });
  }, [outcome]);

  if (order.status === "not-found") return <>{notFound}</>;
  if (order.status === "failed") return <OrderFailed onRetry={order.reload} />;
  if (!found) return <OrderSkeleton />;
  return <Outcome order={found} reload={order.reload} />;
}

/**
 * Where the payment provider sends the parent back: `/order-payment?order=<slug>`. Thank you,
 * waiting for the payment (Pay now, bank details, re-checks), or something went wrong (Pay now).
 */
export function OrderPaymentScreen({ notFound }: { notFound: ReactNode }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // The published HTML knows no query string: the order shows once hydrated.
  if (!hydrated) return <OrderSkeleton />;
  const slug = params.get("order");
  if (!slug) return <>{notFound}</>;
  return <OrderPayment key={slug} slug={slug} notFound={notFound} />;
}
