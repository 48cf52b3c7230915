/**
 * What staff do for a customer's account: send a password-set link, and the privacy requests
 * (docs/privacy.md): export everything as one JSON file, or erase the customer — asked twice,
 * the second time by typing their e-mail address, and saying first what the law keeps.
 */
import type { TFunction } from "i18next";
import { useId, useMemo, useState } from "react";
import { ApiError } from "../../lib/api";
import { Form, SubmitButton, TextField, type ErrorDescription, type Values } from "../../lib/forms";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { eraseCustomer, exportCustomer, sendPasswordLink, type Customer } from "../customers-api";
import { ErrorSummary } from "../forms";
import { useSession } from "../session";
import type { Notice } from "../status";

/** The export's file name, as the server's Content-Disposition names it. */
export const exportFileName = (customerId: number) => `splash-customer-${customerId}.json`;

/** Hands the browser a JSON value as a file to save (the export is fetched with the studio's cookie). */
function download(value: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: "application/json" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The erasure's refusals: another address typed (400 at the confirmation), erased already (409). */
export function eraseErrors(error: ApiError, t: TFunction): ErrorDescription | null {
  if (error.status === 409) return { form: t("studio.customers.erasedAlready") };
  if (error.status === 400 && error.fieldMessage(["confirm"])) return { fields: { confirm: t("studio.customers.eraseMismatch") } };
  return null;
}

export const isErased = (customer: Customer) => customer.email.endsWith("@erased.invalid");

export function Privacy({ customer, onNotice, onErased }: { customer: Customer; onNotice: (notice: Notice) => void; onErased: () => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  const [erasing, setErasing] = useState(false);
  const focus = useFocusAfterRender();
  const eraseId = useId();
  const formId = "studio-erase";
  const erased = isErased(customer);

  const act = async (action: () => Promise<string>, refused: (error: ApiError) => string | null) => {
    setBusy(true);
    try {
      onNotice({ kind: "done", text: await action() });
    } catch (error) {
      const text = error instanceof ApiError ? refused(error) : null;
      onNotice({ kind: "failed", text: text ?? t("studio.failed") });
    } finally {
      setBusy(false);
    }
  };
  const passwordLink = () =>
    act(
      async () => t("studio.customers.linkSent", { email: (await sendPasswordLink(client, customer.id)).email }),
      (error) => (error.status === 409 ? t("studio.customers.linkBlocked") : null),
    );
  const exportAll = () =>
    act(
      async () => {
        download(await exportCustomer(client, customer.id), exportFileName(customer.id));
        return t("studio.customers.exported", { file: exportFileName(customer.id) });
      },
      () => null,
    );

  const fields = useMemo(() => ({ confirm: { label: t("studio.customers.eraseConfirm"), rules: "required|email" } }), [t]);
  const erase = async (values: Values) => {
    const done = await eraseCustomer(client, customer.id, String(values.confirm).trim());
    setErasing(false);
    onNotice({ kind: "done", text: t("studio.customers.erased", { count: done.orders }) });
    onErased();
  };

  return (
    <section className="studio-card" aria-labelledby="studio-privacy-title">
      <h2 id="studio-privacy-title">{t("studio.customers.accountActions")}</h2>
      <div className="studio-inline">
        {erased || customer.blocked ? null : (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void passwordLink()}>
            {t("studio.customers.sendLink")}
          </button>
        )}
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void exportAll()}>
          {t("studio.customers.export")}
        </button>
        {erased || erasing ? null : (
          <button
            id={eraseId}
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => {
              setErasing(true);
              focus(`${formId}-title`);
            }}
          >
            {t("studio.customers.erase")}
          </button>
        )}
      </div>
      {erased ? <p>{t("studio.customers.isErased")}</p> : null}
      {erasing ? (
        <div className="studio-danger" role="group" aria-labelledby={`${formId}-title`}>
          <h3 id={`${formId}-title`} tabIndex={-1}>
            {t("studio.customers.eraseTitle", { email: customer.email })}
          </h3>
          <p>{t("studio.customers.eraseGone")}</p>
          <p>{t("studio.customers.eraseKept")}</p>
          <ul>
            <li>{t("studio.customers.keptNumbers")}</li>
            <li>{t("studio.customers.keptAmounts")}</li>
            <li>{t("studio.customers.keptCountry")}</li>
            <li>{t("studio.customers.keptPayments")}</li>
            <li>{t("studio.customers.keptLessons")}</li>
          </ul>
          <p>{t("studio.customers.eraseWhy")}</p>
          <Form
            id={formId}
            fields={fields}
            onSubmit={erase}
            resetOnSuccess={false}
            describeError={(error) => eraseErrors(error, t)}
            messages={{ email: t("studio.customers.eraseTypeEmail") }}
            incompleteMessage={t("studio.forms.incomplete")}
          >
            <ErrorSummary />
            <TextField name="confirm" type="email" autoComplete="off" help={t("studio.customers.eraseHelp", { email: customer.email })} />
            <div className="studio-inline">
              <SubmitButton>{t("studio.customers.eraseYes")}</SubmitButton>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setErasing(false);
                  focus(eraseId);
                }}
              >
                {t("studio.customers.eraseNo")}
              </button>
            </div>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
