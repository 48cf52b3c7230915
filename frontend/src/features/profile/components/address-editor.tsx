import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { authErrorText } from "../../../lib/auth";
import { Address, addressFields, Form, SubmitButton } from "../../../lib/forms";
import { addressFieldErrors, type AddressValues } from "../utils/address-values";

type Props = {
  formId: string;
  legend: string;
  initialValues: AddressValues;
  /** Where the address sits in the list that is sent (for the API's field errors). */
  index: number;
  onSave: (values: AddressValues) => Promise<void>;
  onCancel: () => void;
};

/** One address in the form system's Address group, with Save and Cancel. */
export function AddressEditor({ formId, legend, initialValues, index, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const fields = useMemo(() => addressFields(t), [t]);
  return (
    <Form
      id={formId}
      className="form profile-address-form"
      fields={fields}
      initialValues={initialValues}
      resetOnSuccess={false}
      incompleteMessage={t("forms.incomplete")}
      describeError={(error) => {
        const named = addressFieldErrors(error, index);
        return Object.keys(named).length > 0 ? { fields: named } : { form: authErrorText(error, t) };
      }}
      onSubmit={onSave}
    >
      <Address legend={legend} />
      <div className="profile-actions">
        <SubmitButton>{t("profile.addresses.save")}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t("profile.addresses.cancel")}
        </button>
      </div>
    </Form>
  );
}
