import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { sendEmailConfirmation } from "../../../lib/auth";
import { Announcement } from "./section";

/** Shown until the e-mail address is confirmed, with a way to get the link again. */
export function ConfirmBanner({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "failure"; text: string } | null>(null);
  const send = async () => {
    setSending(true);
    setMessage(null);
    try {
      await sendEmailConfirmation(email);
      setMessage({ kind: "success", text: t("profile.unconfirmed.sent", { email }) });
    } catch {
      setMessage({ kind: "failure", text: t("auth.errors.generic") });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="profile-banner">
      <p>{t("profile.unconfirmed.text", { email })}</p>
      <button type="button" className="button button--secondary" onClick={() => void send()} disabled={sending}>
        {t("profile.unconfirmed.resend")}
      </button>
      <Announcement message={message} />
    </div>
  );
}
