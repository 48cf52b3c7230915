/** The parts of an order's page that show what happened: lines, addresses, parcels, money, e-mails, notes, timeline. */
import { useMemo, useState, type ReactNode } from "react";
import { config } from "../../lib/config";
import { Form, SubmitButton, TextArea, type Values } from "../../lib/forms";
import { formatPrice, useTranslation } from "../../lib/i18n";
import { ErrorSummary } from "../forms";
import { addNote, resendEmail, type Address, type Refund, type SentMail, type StudioOrder } from "../orders-api";
import { can, useMe, useSession } from "../session";
import { emailKindOf } from "./orders-logic";

function useWhen() {
  const { i18n } = useTranslation();
  return useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }), [i18n.language]);
}

function When({ at }: { at: string }) {
  const when = useWhen();
  return <time dateTime={at}>{when.format(new Date(at))}</time>;
}

export function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <section className="studio-card" aria-label={title}>
      <h2>{title}</h2>
      <address>
        {address.street} {address.housenumber}
        {address.addition ? ` ${address.addition}` : ""}
        <br />
        {address.additionalInfo ? (
          <>
            {address.additionalInfo}
            <br />
          </>
        ) : null}
        {address.postalCode} {address.city}
        <br />
        {address.country.toUpperCase()}
      </address>
    </section>
  );
}

export function Lines({ order }: { order: StudioOrder }) {
  const { t, i18n } = useTranslation();
  const price = (cents: number) => formatPrice(cents, i18n.language);
  return (
    <table className="studio-table">
      <caption>{t("studio.order.lines")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("studio.order.product")}</th>
          <th scope="col">{t("studio.order.sku")}</th>
          <th scope="col">{t("studio.order.ordered")}</th>
          <th scope="col">{t("studio.order.shipped")}</th>
          <th scope="col" className="studio-money">
            {t("studio.order.unitPrice")}
          </th>
          <th scope="col" className="studio-money">
            {t("studio.order.lineTotal")}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">
              {line.title}
              {line.variantLabel ? ` · ${line.variantLabel}` : ""}
              {line.options.map((option) => ` · ${option.value}`).join("")}
            </th>
            <td>{line.sku}</td>
            <td>{line.quantity}</td>
            <td>{line.productType === "physical" ? line.shipped : t("studio.order.lesson")}</td>
            <td className="studio-money">{price(line.unitPrice)}</td>
            <td className="studio-money">{price(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={5}>
            {t("studio.order.shippingCost")}
          </th>
          <td className="studio-money">{price(order.shipping)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={5}>
            {t("studio.order.vatIncluded")}
          </th>
          <td className="studio-money">{price(order.vat)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={5}>
            {t("studio.order.total")}
          </th>
          <td className="studio-money">{price(order.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function Shipments({ order }: { order: StudioOrder }) {
  const { t } = useTranslation();
  return (
    <section className="studio-card" aria-labelledby="studio-shipments">
      <h2 id="studio-shipments">{t("studio.order.shipments")}</h2>
      {order.shipments.length === 0 ? <p>{t("studio.order.noShipments")}</p> : null}
      <ol className="studio-list">
        {order.shipments.map((parcel) => (
          <li key={parcel.id} data-testid="studio-shipment">
            <When at={parcel.createdAt} /> · {t(`studio.ship.carriers.${parcel.carrier}`)} ·{" "}
            {parcel.trackingUrl ? (
              <a href={parcel.trackingUrl} target="_blank" rel="noopener noreferrer">
                {parcel.trackingNumber}
              </a>
            ) : (
              parcel.trackingNumber
            )}
            <ul>
              {parcel.lines.map((line) => (
                <li key={line.lineId}>
                  {line.quantity} × {line.title}
                  {line.variantLabel ? ` · ${line.variantLabel}` : ""}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Payments({ order }: { order: StudioOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="studio-card" aria-labelledby="studio-payments">
      <h2 id="studio-payments">{t("studio.order.payments")}</h2>
      {order.payments.length === 0 ? <p>{t("studio.order.noPayments")}</p> : null}
      {order.payments.map((payment) => (
        <div key={payment.id} className="studio-payment">
          <p>
            {payment.provider} {payment.providerId}
            {payment.method ? ` · ${payment.method}` : ""} · {formatPrice(payment.amount, i18n.language)} · {t(`studio.order.paymentStatus.${payment.status}`)}
            {payment.amountRefunded > 0 ? ` · ${t("studio.orders.refundedAmount", { amount: formatPrice(payment.amountRefunded, i18n.language) })}` : ""}
            {payment.amountChargedBack > 0 ? ` · ${t("studio.order.chargedBack", { amount: formatPrice(payment.amountChargedBack, i18n.language) })}` : ""}
          </p>
          <ol className="studio-list">
            {payment.history.map((step) => (
              <li key={`${step.status}-${step.at}`}>
                <When at={step.at} />: {t(`studio.order.paymentStatus.${step.status}`)}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

export function Refunds({ order, refunds }: { order: StudioOrder; refunds: Refund[] }) {
  const { t, i18n } = useTranslation();
  const titles = new Map(order.lines.map((line) => [line.id, line.title]));
  return (
    <section className="studio-card" aria-labelledby="studio-refunds">
      <h2 id="studio-refunds">{t("studio.order.refunds")}</h2>
      {refunds.length === 0 ? <p>{t("studio.order.noRefunds")}</p> : null}
      <ol className="studio-list">
        {refunds.map((refund) => (
          <li key={refund.id} data-testid="studio-refund">
            <When at={refund.createdAt} /> · {formatPrice(refund.amount, i18n.language)} · {t(`studio.order.refundStatus.${refund.status}`)} ·{" "}
            <a href={`${config.apiBaseURL}${refund.creditNoteUrl}`} target="_blank" rel="noopener">
              {t("studio.order.creditNote", { number: refund.creditNoteNr })}
            </a>
            <ul>
              {refund.lines.map((part) => (
                <li key={part.lineId}>
                  {part.quantity} × {titles.get(part.lineId) ?? part.lineId}
                </li>
              ))}
              {refund.shipping > 0 ? <li>{t("studio.order.shippingCost")}</li> : null}
              {refund.restock ? <li>{t("studio.refund.restocked")}</li> : null}
              {refund.revokeLessons ? <li>{t("studio.refund.revoked")}</li> : null}
              {refund.reason ? <li>{refund.reason}</li> : null}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Mails({ order, onSent, onFailed }: { order: StudioOrder; onSent: (text: string) => void; onFailed: (text: string) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const me = useMe();
  const [busy, setBusy] = useState(false);
  const again = async (kind: NonNullable<ReturnType<typeof emailKindOf>>) => {
    setBusy(true);
    try {
      const sent = await resendEmail(client, order.id, kind);
      onSent(t("studio.order.mailQueued", { to: sent.to }));
    } catch {
      onFailed(t("studio.order.mailFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="studio-card" aria-labelledby="studio-mails">
      <h2 id="studio-mails">{t("studio.order.mails")}</h2>
      {order.mails.length === 0 ? (
        <p>{t("studio.order.noMails")}</p>
      ) : (
        <MailsTable
          caption={t("studio.order.mails")}
          mails={order.mails}
          actions={(mail) => {
            const kind = emailKindOf(mail.template);
            return kind && can(me, "ship") ? (
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void again(kind)}>
                {t("studio.order.sendAgain")} <span className="visually-hidden">{mail.subject}</span>
              </button>
            ) : null;
          }}
        />
      )}
    </section>
  );
}

/** E-mails sent (an order's, a customer's): when, subject, to whom, and what may be done with each. */
export function MailsTable({ caption, mails, actions }: { caption: string; mails: SentMail[]; actions?: (mail: SentMail) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <table className="studio-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("studio.order.sentAt")}</th>
          <th scope="col">{t("studio.order.subject")}</th>
          <th scope="col">{t("studio.order.to")}</th>
          {actions ? <th scope="col">{t("studio.staff.actions")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.id}>
            <td>
              <When at={mail.sentAt} />
            </td>
            <th scope="row">{mail.subject}</th>
            <td>{mail.to}</td>
            {actions ? <td>{actions(mail)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Notes({ order, onAdded }: { order: StudioOrder; onAdded: (text: string) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const fields = useMemo(() => ({ text: { label: t("studio.order.note"), rules: "required|length:1,500" } }), [t]);
  const submit = async (values: Values) => {
    await addNote(client, order.id, String(values.text).trim());
    onAdded(t("studio.order.noteAdded"));
  };
  return (
    <section className="studio-card" aria-labelledby="studio-notes">
      <h2 id="studio-notes">{t("studio.order.notes")}</h2>
      <ul className="studio-list">
        {order.notes.map((note) => (
          <li key={note.id}>
            <When at={note.at} /> · {note.author}: {note.text}
          </li>
        ))}
      </ul>
      <Form id="studio-note" fields={fields} onSubmit={submit} incompleteMessage={t("studio.forms.incomplete")}>
        <ErrorSummary />
        <TextArea name="text" rows={3} help={t("studio.order.noteHelp")} />
        <SubmitButton>{t("studio.order.addNote")}</SubmitButton>
      </Form>
    </section>
  );
}

export function Timeline({ order }: { order: StudioOrder }) {
  const { t } = useTranslation();
  return (
    <section className="studio-card" aria-labelledby="studio-timeline">
      <h2 id="studio-timeline">{t("studio.order.timeline")}</h2>
      <ol className="studio-list">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.kind}-${entry.ref ?? index}-${entry.at}`}>
            <When at={entry.at} /> · <strong>{t(`studio.order.kinds.${entry.kind}`)}</strong>: {entry.summary}
            {entry.by ? ` (${entry.by})` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
