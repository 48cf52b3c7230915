import { useEffect, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { formatPrice, useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { Heading } from "../heading";
import { BOXES, listOrders, ordersCsvUrl, packingSlipsUrl, SORTS, type InboxOrder, type InboxPage, type Sort } from "../orders-api";
import { useSession } from "../session";
import { countOf, inboxSearch, nextSort, parseInboxQuery } from "./orders-logic";
import "./orders.css";

const PAGE_SIZE = 50;

/**
 * The orders inbox: the boxes with their counts, a search, a sort and pages, all in the address
 * (a link or Back shows the same list); ticked orders get their packing slips in a new tab.
 */
export function OrdersScreen() {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const [params, setParams] = useSearchParams();
  const query = parseInboxQuery(params);
  const asked = inboxSearch(query);
  /** The last answer and the query it answers: another query shows "loading" until its own. */
  const [answer, setAnswer] = useState<{ asked: string | null; found: InboxPage | null; forbidden: boolean }>({ asked: null, found: null, forbidden: false });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const searchId = useId();
  const sortId = useId();

  useEffect(() => {
    let current = true;
    listOrders(client, parseInboxQuery(new URLSearchParams(asked)), PAGE_SIZE).then(
      (found) => current && setAnswer({ asked, found, forbidden: false }),
      (error: { status?: number }) => current && setAnswer({ asked, found: null, forbidden: error.status === 403 }),
    );
    return () => {
      current = false;
    };
  }, [client, asked]);

  const found = answer.asked === asked ? answer.found : null;
  const failed = answer.asked === asked && answer.found === null;
  const go = (next: Partial<typeof query>) => setParams(new URLSearchParams(inboxSearch({ ...query, ...next })));
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get("q");
    go({ q: String(typed ?? "").trim(), page: 1 });
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pages = found ? Math.max(1, Math.ceil(found.meta.total / found.meta.pageSize)) : 1;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const ids = [...selected];

  return (
    <>
      <Heading>{t("studio.orders.title")}</Heading>
      <nav aria-label={t("studio.orders.boxes")}>
        <ul className="studio-boxes">
          {BOXES.map((box) => (
            <li key={box}>
              <Link to={`/studio/orders${inboxSearch({ box, q: query.q, sort: query.sort })}`} aria-current={query.box === box ? "page" : undefined}>
                {t(`studio.orders.box.${box}`)}
                {found ? (
                  <>
                    {" "}
                    <span className="studio-count">({countOf(found.meta.counts, box)})</span>
                  </>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="studio-toolbar">
        <form role="search" className="studio-inline" onSubmit={search} key={query.q}>
          <label htmlFor={searchId}>{t("studio.orders.search")}</label>
          <input id={searchId} name="q" type="search" defaultValue={query.q} maxLength={100} aria-describedby={`${searchId}-help`} />
          <button type="submit" className="button button--secondary">
            {t("studio.orders.searchButton")}
          </button>
          <p id={`${searchId}-help`} className="studio-help">
            {t("studio.orders.searchHelp")}
          </p>
        </form>
        <div className="studio-inline">
          <label htmlFor={sortId}>{t("studio.orders.sort")}</label>
          <select id={sortId} value={query.sort} onChange={(event) => go({ sort: event.target.value as Sort, page: 1 })}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`studio.orders.sorts.${sort.replace("-", "desc_")}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="studio-inline studio-actions">
        {ids.length > 0 ? (
          <a className="button button--secondary" href={packingSlipsUrl(ids)} target="_blank" rel="noopener">
            {t("studio.orders.packingSlips", { count: ids.length })}
          </a>
        ) : (
          <button type="button" className="button button--secondary" disabled>
            {t("studio.orders.packingSlipsNone")}
          </button>
        )}
        <a className="button button--secondary" href={ordersCsvUrl(query.box, query.q)} download>
          {t("studio.orders.exportCsv")}
        </a>
      </div>
      {failed ? (
        <p role="alert">{t(answer.forbidden ? "studio.orders.forbidden" : "studio.failed")}</p>
      ) : found === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : (
        <>
          <p role="status">{t("studio.orders.count", { count: found.meta.total })}</p>
          {found.data.length > 0 ? (
            <table className="studio-table">
              <caption>{t("studio.orders.caption", { box: t(`studio.orders.box.${query.box}`), page: found.meta.page, pages })}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t("studio.orders.select")}</span>
                  </th>
                  <SortHeader column="number" label={t("studio.orders.number")} sort={query.sort} to={(sort) => `/studio/orders${inboxSearch({ ...query, sort, page: 1 })}`} />
                  <SortHeader column="date" label={t("studio.orders.date")} sort={query.sort} to={(sort) => `/studio/orders${inboxSearch({ ...query, sort, page: 1 })}`} />
                  <th scope="col">{t("studio.orders.customer")}</th>
                  <th scope="col">{t("studio.orders.status")}</th>
                  <SortHeader column="total" label={t("studio.orders.total")} sort={query.sort} to={(sort) => `/studio/orders${inboxSearch({ ...query, sort, page: 1 })}`} money />
                </tr>
              </thead>
              <tbody>
                {found.data.map((order) => (
                  <Row key={order.id} order={order} when={when} checked={selected.has(order.id)} onToggle={(on) => toggle(order.id, on)} />
                ))}
              </tbody>
            </table>
          ) : null}
          <nav aria-label={t("studio.activity.pages")} className="studio-pages">
            {found.meta.page > 1 ? <Link to={`/studio/orders${inboxSearch({ ...query, page: found.meta.page - 1 })}`}>{t("studio.activity.previous")}</Link> : null}
            <span>{t("studio.activity.pageOf", { page: found.meta.page, pages })}</span>
            {found.meta.page < pages ? <Link to={`/studio/orders${inboxSearch({ ...query, page: found.meta.page + 1 })}`}>{t("studio.activity.next")}</Link> : null}
          </nav>
        </>
      )}
    </>
  );
}

/** A column the list sorts by: its header is a link to the other direction, and says which one is on. */
function SortHeader({ column, label, sort, to, money = false }: { column: "date" | "total" | "number"; label: string; sort: Sort; to: (sort: Sort) => string; money?: boolean }) {
  const { t } = useTranslation();
  const on = sort === column ? "ascending" : sort === `-${column}` ? "descending" : undefined;
  return (
    <th scope="col" aria-sort={on} className={money ? "studio-money" : undefined}>
      <Link to={to(nextSort(sort, column))}>
        {label}{" "}
        <span className="visually-hidden">{t(on === "descending" ? "studio.orders.sortAscending" : "studio.orders.sortDescending")}</span>
      </Link>
    </th>
  );
}

function Row({ order, when, checked, onToggle }: { order: InboxOrder; when: Intl.DateTimeFormat; checked: boolean; onToggle: (on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const boxId = useId();
  return (
    <tr>
      <td>
        <input id={boxId} type="checkbox" checked={checked} onChange={(event) => onToggle(event.target.checked)} />
        <label htmlFor={boxId} className="visually-hidden">
          {t("studio.orders.selectOne", { number: order.orderNr })}
        </label>
      </td>
      <th scope="row">
        <Link to={`/studio/orders/${order.id}`}>{order.orderNr}</Link>
      </th>
      <td>
        <time dateTime={order.createdAt}>{when.format(new Date(order.createdAt))}</time>
      </td>
      <td>
        {order.firstname} {order.lastname}
        <br />
        <span className="studio-muted">{order.email}</span>
      </td>
      <td>
        {t(`studio.orders.statuses.${order.status}`)}
        {order.toShip ? <span className="studio-tag">{t("studio.orders.toShipTag")}</span> : null}
        {order.flagged ? <span className="studio-tag studio-tag--alert">{t("studio.orders.flagged")}</span> : null}
      </td>
      <td className="studio-money">
        {formatPrice(order.total, i18n.language)}
        {order.amountRefunded > 0 ? (
          <>
            <br />
            <span className="studio-muted">{t("studio.orders.refundedAmount", { amount: formatPrice(order.amountRefunded, i18n.language) })}</span>
          </>
        ) : null}
      </td>
    </tr>
  );
}
