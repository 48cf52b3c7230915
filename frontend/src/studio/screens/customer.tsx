/**
 * A customer's page: the account, their orders (each a link to the order's page), addresses,
 * the lessons they own and why, the e-mails sent to them; granting and revoking lessons, a
 * password-set link, the privacy requests (export, erasure).
 */
import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { formatLongDate, formatPrice, useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { getCustomer, type CustomerDetail, type Entitlement } from "../customers-api";
import { Heading } from "../heading";
import { can, useMe, useSession } from "../session";
import { StatusMessage, type Notice } from "../status";
import { GrantForm, RevokeButton } from "./customer-lessons";
import { CustomerMails } from "./customer-mails";
import { Privacy } from "./customer-privacy";
import { customerName } from "./customers";

/** Why a customer may watch a lesson, as the studio's text key and its values. */
export function whyOwned(entitlement: Entitlement): { key: string; values: Record<string, string> } {
  if (entitlement.source === "granted")
    return entitlement.grantedBy
      ? { key: "studio.customers.why.granted", values: { name: entitlement.grantedBy, reason: entitlement.reason ?? "–" } }
      : { key: "studio.customers.why.grantedFormer", values: { reason: entitlement.reason ?? "–" } };
  return { key: `studio.customers.why.${entitlement.source === "suit_gift" ? "suitGift" : "purchase"}`, values: { order: entitlement.order ?? "–" } };
}

export function CustomerScreen() {
  const { t } = useTranslation();
  const { client } = useSession();
  const id = Number(useParams().id);
  const [detail, setDetail] = useState<CustomerDetail | null>(null);
  const [failed, setFailure] = useState<"missing" | "failed" | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const load = useCallback(
    () =>
      getCustomer(client, id).then(setDetail, (error: unknown) =>
        setFailure(error instanceof ApiError && (error.status === 404 || error.status === 400) ? "missing" : "failed"),
      ),
    [client, id],
  );
  const valid = Number.isInteger(id) && id > 0;
  useEffect(() => {
    if (valid) void load();
  }, [valid, load]);

  const failure = valid ? failed : "missing";
  if (failure)
    return (
      <>
        <Heading>{t(failure === "missing" ? "studio.customers.missing" : "studio.customers.title")}</Heading>
        {failure === "failed" ? <p role="alert">{t("studio.failed")}</p> : null}
        <p>
          <Link to="/studio/customers">{t("studio.customers.back")}</Link>
        </p>
      </>
    );
  // Another customer's page (a link from this one) shows "loading" until its own answer.
  if (!detail || detail.customer.id !== id)
    return (
      <p role="status" aria-busy="true">
        {t("studio.loading")}
      </p>
    );
  const changed = (next: CustomerDetail["entitlements"], text: string) => {
    setDetail({ ...detail, entitlements: next });
    setNotice({ kind: "done", text });
  };
  return (
    <>
      <Heading>{t("studio.customers.detailTitle", { email: detail.customer.email })}</Heading>
      <p>
        <Link to="/studio/customers">{t("studio.customers.back")}</Link>
      </p>
      <StatusMessage notice={notice} />
      <Account detail={detail} />
      <Orders detail={detail} />
      <Addresses detail={detail} />
      <Lessons detail={detail} onChanged={changed} onFailed={(text) => setNotice({ kind: "failed", text })} />
      <CustomerMails id={detail.customer.id} />
      <Privacy
        customer={detail.customer}
        onNotice={setNotice}
        onErased={() => {
          void load();
        }}
      />
    </>
  );
}

function Account({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useTranslation();
  const { customer } = detail;
  return (
    <section className="studio-card" aria-labelledby="studio-account-title">
      <h2 id="studio-account-title">{t("studio.customers.accountTitle")}</h2>
      <dl className="studio-facts">
        <dt>{t("studio.customers.name")}</dt>
        <dd>{customerName(customer)}</dd>
        <dt>{t("studio.customers.email")}</dt>
        <dd>{customer.email}</dd>
        <dt>{t("studio.customers.language")}</dt>
        <dd>{i18n.exists(`studio.languages.${customer.locale}`) ? t(`studio.languages.${customer.locale}`) : customer.locale}</dd>
        <dt>{t("studio.customers.signsInWith")}</dt>
        <dd>{t(customer.provider === "google" ? "studio.customers.google" : "studio.customers.password")}</dd>
        <dt>{t("studio.customers.account")}</dt>
        <dd>{t(customer.blocked ? "studio.customers.blocked" : customer.confirmed ? "studio.customers.confirmed" : "studio.customers.unconfirmed")}</dd>
        <dt>{t("studio.customers.since")}</dt>
        <dd>{formatLongDate(new Date(customer.createdAt), i18n.language)}</dd>
      </dl>
    </section>
  );
}

function Orders({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="studio-card" aria-labelledby="studio-orders-title">
      <h2 id="studio-orders-title">{t("studio.customers.ordersTitle")}</h2>
      {detail.orders.length === 0 ? (
        <p>{t("studio.customers.noOrders")}</p>
      ) : (
        <table className="studio-table">
          <caption>{t("studio.customers.ordersCaption", { count: detail.orders.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.customers.orderNumber")}</th>
              <th scope="col">{t("studio.customers.placed")}</th>
              <th scope="col">{t("studio.customers.status")}</th>
              <th scope="col">{t("studio.customers.total")}</th>
              <th scope="col">{t("studio.customers.refunded")}</th>
            </tr>
          </thead>
          <tbody>
            {detail.orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <Link to={`/studio/orders/${order.id}`}>{order.number}</Link>
                </th>
                <td>{formatLongDate(new Date(order.createdAt), i18n.language)}</td>
                <td>{i18n.exists(`studio.customers.statuses.${order.status}`) ? t(`studio.customers.statuses.${order.status}`) : order.status}</td>
                <td>{formatPrice(order.total, i18n.language)}</td>
                <td>{order.refunded > 0 ? formatPrice(order.refunded, i18n.language) : "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Addresses({ detail }: { detail: CustomerDetail }) {
  const { t } = useTranslation();
  return (
    <section className="studio-card" aria-labelledby="studio-addresses-title">
      <h2 id="studio-addresses-title">{t("studio.customers.addressesTitle")}</h2>
      {detail.addresses.length === 0 ? (
        <p>{t("studio.customers.noAddresses")}</p>
      ) : (
        <ul className="studio-list">
          {detail.addresses.map((a) => (
            <li key={a.id}>
              <address>
                {`${a.street} ${a.housenumber}${a.addition ? ` ${a.addition}` : ""}`}
                <br />
                {`${a.postalCode} ${a.city}, ${a.country.toUpperCase()}`}
                {a.additionalInfo ? (
                  <>
                    <br />
                    {a.additionalInfo}
                  </>
                ) : null}
              </address>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Lessons({ detail, onChanged, onFailed }: { detail: CustomerDetail; onChanged: (next: Entitlement[], text: string) => void; onFailed: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const mayChange = can(me, "customers");
  return (
    <section className="studio-card" aria-labelledby="studio-lessons-title">
      <h2 id="studio-lessons-title">{t("studio.customers.lessonsTitle")}</h2>
      {detail.entitlements.length === 0 ? (
        <p>{t("studio.customers.noLessons")}</p>
      ) : (
        <table className="studio-table">
          <caption>{t("studio.customers.lessonsCaption", { count: detail.entitlements.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.customers.lesson")}</th>
              <th scope="col">{t("studio.customers.levelCourse")}</th>
              <th scope="col">{t("studio.customers.why.title")}</th>
              <th scope="col">{t("studio.customers.since")}</th>
              {mayChange ? <th scope="col">{t("studio.customers.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {detail.entitlements.map((entitlement) => {
              const why = whyOwned(entitlement);
              return (
                <tr key={entitlement.id}>
                  <th scope="row">{entitlement.lesson}</th>
                  <td>{`${entitlement.level} · ${entitlement.course}`}</td>
                  <td>{t(why.key, why.values)}</td>
                  <td>{formatLongDate(new Date(entitlement.grantedAt), i18n.language)}</td>
                  {mayChange ? (
                    <td>
                      <RevokeButton customerId={detail.customer.id} entitlement={entitlement} onRevoked={onChanged} onFailed={onFailed} />
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {mayChange ? <GrantForm customerId={detail.customer.id} onGranted={onChanged} /> : null}
    </section>
  );
}
