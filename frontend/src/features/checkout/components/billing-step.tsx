import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Address, addressFields } from "../../../lib/forms";
import type { CheckoutState } from "../hooks/use-checkout";
import { BILLING } from "../utils/draft";
import { StepForm } from "./step-form";

/** The address on the invoice, when it is not the shipping address. */
export function BillingStep({ checkout, headingId }: { checkout: CheckoutState; headingId: string }) {
  const { t } = useTranslation();
  const fields = useMemo(() => addressFields(t, { prefix: BILLING }), [t]);
  return (
    <StepForm step="billing" fields={fields} checkout={checkout} previous="shipping">
      <Address prefix={BILLING} labelledBy={headingId} />
    </StepForm>
  );
}
