import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { PersonalDetails, personalDetailsFields } from "../../../lib/forms";
import type { CheckoutState } from "../hooks/use-checkout";
import { LoginLink } from "./login-link";
import { StepForm } from "./step-form";

/**
 * First name, last name and e-mail address: the order's personal details (and, paid, the new
 * account's). A signed-in parent's order goes to the account's address whatever is typed (the
 * server's rule), so the field shows it, read-only. Every signed-out visitor is offered to log in
 * (whatever they typed: it says nothing about whether an address has an account).
 */
export function PersonalStep({ checkout, signedIn, headingId }: { checkout: CheckoutState; signedIn: boolean; headingId: string }) {
  const { t } = useTranslation();
  const fields = useMemo(() => personalDetailsFields(t), [t]);
  return (
    <StepForm step="personal" fields={fields} checkout={checkout} previous={null}>
      {signedIn ? null : (
        <p className="checkout-login">
          {t("auth.register.haveAccount")} <LoginLink>{t("checkout.errors.login")}</LoginLink>
        </p>
      )}
      <PersonalDetails labelledBy={headingId} emailReadOnly={signedIn} emailHelp={signedIn ? t("checkout.accountEmail") : undefined} />
    </StepForm>
  );
}
