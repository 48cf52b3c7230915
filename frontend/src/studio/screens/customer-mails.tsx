/** The e-mails sent to a customer (their account's and their orders'), newest first: read apart from the page, which stays within its statements. */
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { getCustomerMails } from "../customers-api";
import type { SentMail } from "../orders-api";
import { useSession } from "../session";
import { MailsTable } from "./order-sections";

export function CustomerMails({ id }: { id: number }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [mails, setMails] = useState<SentMail[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    getCustomerMails(client, id).then(
      (found) => current && setMails(found),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [client, id]);
  return (
    <section className="studio-card" aria-labelledby="studio-customer-mails">
      <h2 id="studio-customer-mails">{t("studio.customers.mailsTitle")}</h2>
      {failed ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : mails === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : mails.length === 0 ? (
        <p>{t("studio.customers.noMails")}</p>
      ) : (
        <MailsTable caption={t("studio.customers.mailsTitle")} mails={mails} />
      )}
    </section>
  );
}
