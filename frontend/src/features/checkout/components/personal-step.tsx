import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { PersonalDetails, personalDetailsFields } from "../../../lib/forms";
import type { CheckoutState } from "../hooks/use-checkout";
import { StepForm } from "./step-form";

/** First name, last name and e-mail address: the order's personal details (and the new account's). */
export function PersonalStep({ checkout }: { checkout: CheckoutState }) {
  const { t } = useTranslation();
  const fields = useMemo(() => personalDetailsFields(t), [t]);
  return (
    <StepForm step="personal" fields={fields} checkout={checkout} previous={null}>
      <PersonalDetails />
    </StepForm>
  );
}
