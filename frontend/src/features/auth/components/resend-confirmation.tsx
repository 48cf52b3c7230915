import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { sendEmailConfirmation } from "../../../lib/auth";

type Sending = "idle" | "sending" | "sent" | "failed";

/** 'Send the confirmation e-mail again' for an address that has not been confirmed yet. */
export function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Sending>("idle");
  const send = async () => {
    setSending("sending");
    try {
      await sendEmailConfirmation(email);
      setSending("sent");
    } catch {
      setSending("failed");
    }
  };
  return (
    <div className="auth-notice">
      <button type="button" className="button button--secondary" onClick={() => void send()} disabled={sending === "sending"}>
        {t("auth.confirmation.resend")}
      </button>
      <p className="auth-notice__status" role="status">
        {sending === "sent" ? t("auth.confirmation.resent", { email }) : null}
      </p>
      <p className="auth-notice__alert" role="alert">
        {sending === "failed" ? t("auth.errors.generic") : null}
      </p>
    </div>
  );
}
