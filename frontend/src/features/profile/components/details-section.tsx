import { useMemo, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { describeAuthError, useAuth, type User } from "../../../lib/auth";
import { Form, PersonalDetails, personalDetailsFields, SubmitButton } from "../../../lib/forms";
import { updateMe } from "../api/update-me";
import { useSessionCall } from "../hooks/use-session-call";
import { ProfileSection } from "./section";

/** First and last name; the e-mail address is shown here and changed in its own section. */
export function DetailsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { setUser } = useAuth();
  const call = useSessionCall();
  const fields = useMemo(() => personalDetailsFields(t), [t]);
  // The user's values when the form appears; afterwards the form keeps what was typed and saved.
  const [initialValues] = useState(() => ({ firstname: user.firstname ?? "", lastname: user.lastname ?? "", email: user.email }));
  const submit = async (values: Record<string, unknown>) => {
    const saved = await call(() => updateMe({ firstname: String(values.firstname).trim(), lastname: String(values.lastname).trim() }));
    setUser(saved);
  };
  return (
    <ProfileSection title={t("profile.details.title")}>
      <Form
        id="profile-details"
        fields={fields}
        initialValues={initialValues}
        resetOnSuccess={false}
        incompleteMessage={t("forms.incomplete")}
        successMessage={t("profile.details.saved")}
        describeError={(error) => describeAuthError(error, t)}
        onSubmit={submit}
      >
        <PersonalDetails emailReadOnly emailHelp={t("profile.details.emailHelp")} />
        <SubmitButton>{t("profile.details.save")}</SubmitButton>
      </Form>
    </ProfileSection>
  );
}
