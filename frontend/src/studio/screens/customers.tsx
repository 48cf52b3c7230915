/**
 * The customers: search by e-mail, name or postal code, sorted and paginated; the search, the
 * sort and the page live in the address, so Back and a shared link keep them.
 */
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Form, Select, SubmitButton, TextField, type Values } from "../../lib/forms";
import { formatLongDate, useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { CUSTOMER_SORTS, listCustomers, type Customer, type CustomerPage, type CustomerQuery } from "../customers-api";
import { ErrorSummary } from "../forms";
import { Heading } from "../heading";
import { useSession } from "../session";

const PAGE_SIZE = 50;

/** The address's query as the list asks for it: an unknown sort or page falls back to the defaults. */
export function customerQueryOf(params: URLSearchParams): CustomerQuery {
  const sort = params.get("sort") ?? "";
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim(),
    sort: (CUSTOMER_SORTS as readonly string[]).includes(sort) ? sort : "-created",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query as an address: defaults left out, so the plain list is plain /studio/customers. */
export function customerSearchOf(query: CustomerQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set("q", query.q.trim());
  if (query.sort !== "-created") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/studio/customers?${search}` : "/studio/customers";
}

export const customerName = (customer: Customer) => [customer.firstname, customer.lastname].filter(Boolean).join(" ") || "–";

export function CustomersScreen() {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => customerQueryOf(params), [params]);
  const asked = customerSearchOf(query);
  const [answer, setAnswer] = useState<{ asked: string; found: CustomerPage | null } | null>(null);

  useEffect(() => {
    let current = true;
    listCustomers(client, query, PAGE_SIZE).then(
      (found) => current && setAnswer({ asked, found }),
      () => current && setAnswer({ asked, found: null }),
    );
    return () => {
      current = false;
    };
  }, [client, query, asked]);
  const shown = answer?.asked === asked ? answer : null;

  const fields = useMemo(
    () => ({
      q: { label: t("studio.customers.search"), rules: "length:0,254" },
      sort: { label: t("studio.customers.sort"), rules: "required" },
    }),
    [t],
  );
  const initialValues = useMemo(() => ({ q: query.q, sort: query.sort }), [query.q, query.sort]);
  const search = (values: Values) => {
    const next = customerSearchOf({ q: String(values.q ?? ""), sort: String(values.sort || "-created"), page: 1 });
    setParams(new URLSearchParams(next.split("?")[1] ?? ""));
  };
  const pages = shown?.found ? Math.max(1, Math.ceil(shown.found.meta.total / shown.found.meta.pageSize)) : 1;

  return (
    <>
      <Heading>{t("studio.customers.title")}</Heading>
      <section className="studio-card" aria-labelledby="studio-customer-search-title">
        <h2 id="studio-customer-search-title">{t("studio.customers.searchTitle")}</h2>
        <Form
          key={asked}
          id="studio-customer-search"
          className="form studio-filters"
          fields={fields}
          initialValues={initialValues}
          onSubmit={search}
          resetOnSuccess={false}
          incompleteMessage={t("studio.forms.incomplete")}
        >
          <ErrorSummary />
          <TextField name="q" type="search" autoComplete="off" help={t("studio.customers.searchHelp")} />
          <Select name="sort" options={CUSTOMER_SORTS.map((value) => ({ value, label: t(`studio.customers.sorts.${value}`) }))} />
          <SubmitButton>{t("studio.customers.find")}</SubmitButton>
        </Form>
      </section>
      {shown === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : shown.found === null ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : (
        <>
          <p role="status">{t("studio.customers.count", { count: shown.found.meta.total })}</p>
          {shown.found.data.length > 0 ? (
            <table className="studio-table">
              <caption>{t("studio.customers.caption", { page: shown.found.meta.page, pages })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("studio.customers.email")}</th>
                  <th scope="col">{t("studio.customers.name")}</th>
                  <th scope="col">{t("studio.customers.language")}</th>
                  <th scope="col">{t("studio.customers.account")}</th>
                  <th scope="col">{t("studio.customers.since")}</th>
                </tr>
              </thead>
              <tbody>
                {shown.found.data.map((customer) => (
                  <tr key={customer.id}>
                    <th scope="row">
                      <Link to={`/studio/customers/${customer.id}`}>{customer.email}</Link>
                    </th>
                    <td>{customerName(customer)}</td>
                    <td>{i18n.exists(`studio.languages.${customer.locale}`) ? t(`studio.languages.${customer.locale}`) : customer.locale}</td>
                    <td>{t(customer.blocked ? "studio.customers.blocked" : customer.confirmed ? "studio.customers.confirmed" : "studio.customers.unconfirmed")}</td>
                    <td>{formatLongDate(new Date(customer.createdAt), i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <nav aria-label={t("studio.customers.pages")} className="studio-pages">
            {shown.found.meta.page > 1 ? <Link to={customerSearchOf({ ...query, page: shown.found.meta.page - 1 })}>{t("studio.customers.previous")}</Link> : null}
            <span>{t("studio.customers.pageOf", { page: shown.found.meta.page, pages })}</span>
            {shown.found.meta.page < pages ? <Link to={customerSearchOf({ ...query, page: shown.found.meta.page + 1 })}>{t("studio.customers.next")}</Link> : null}
          </nav>
        </>
      )}
    </>
  );
}
