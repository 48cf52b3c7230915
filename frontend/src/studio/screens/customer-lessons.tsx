/** Giving a customer lessons (a lesson, a level or a course) and taking one away, each with a reason. */
import { useId, useMemo, useState } from "react";
import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api";
import { fieldId, Form, Select, SubmitButton, TextField, type ErrorDescription, type Values } from "../../lib/forms";
import { useTranslation } from "../../lib/i18n";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { GRANT_KINDS, grantLessons, revokeEntitlement, type Entitlement, type GrantKind } from "../customers-api";
import { ErrorSummary } from "../forms";
import { useSession } from "../session";

const REASON_RULES = "required|length:3,500";

/**
 * The grant form's fields for the server's refusals: an unknown lesson, level or course key is
 * the key field's (the form has one key field for the three), a reason the reason's; a 409 says
 * they hold every one of those lessons already.
 */
export function grantErrors(error: ApiError, t: TFunction): ErrorDescription | null {
  if (error.status === 409) return { form: t("studio.customers.grantedAlready") };
  if (error.status !== 400) return null;
  const fields: Record<string, string> = {};
  for (const entry of error.details.errors ?? []) {
    const name = entry.path.at(-1);
    if (GRANT_KINDS.includes(name as GrantKind)) fields.key ??= t("studio.customers.noSuchKey");
    else if (name === "reason") fields.reason ??= entry.message;
  }
  return Object.keys(fields).length > 0 ? { fields } : { form: error.message };
}

export function GrantForm({ customerId, onGranted }: { customerId: number; onGranted: (next: Entitlement[], text: string) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const fields = useMemo(
    () => ({
      kind: { label: t("studio.customers.grantKind"), rules: "required" },
      key: { label: t("studio.customers.grantKey"), rules: "required|length:1,64" },
      reason: { label: t("studio.customers.reason"), rules: REASON_RULES },
    }),
    [t],
  );
  const initialValues = useMemo(() => ({ kind: "lesson" }), []);
  const submit = async (values: Values) => {
    const kind = values.kind as GrantKind;
    const key = String(values.key).trim();
    const next = await grantLessons(client, customerId, kind, key, String(values.reason).trim());
    onGranted(next, t("studio.customers.granted", { key }));
  };
  return (
    <section aria-labelledby="studio-grant-title">
      <h3 id="studio-grant-title">{t("studio.customers.grantTitle")}</h3>
      <Form
        id="studio-grant"
        fields={fields}
        initialValues={initialValues}
        onSubmit={submit}
        describeError={(error) => grantErrors(error, t)}
        incompleteMessage={t("studio.forms.incomplete")}
      >
        <ErrorSummary />
        <Select name="kind" options={GRANT_KINDS.map((value) => ({ value, label: t(`studio.customers.kinds.${value}`) }))} />
        <TextField name="key" autoComplete="off" help={t("studio.customers.grantKeyHelp")} />
        <TextField name="reason" autoComplete="off" help={t("studio.customers.reasonHelp")} />
        <SubmitButton>{t("studio.customers.grant")}</SubmitButton>
      </Form>
    </section>
  );
}

/** "Revoke", then in place the reason and a yes/no: taking a lesson away is asked twice. */
export function RevokeButton({
  customerId,
  entitlement,
  onRevoked,
  onFailed,
}: {
  customerId: number;
  entitlement: Entitlement;
  onRevoked: (next: Entitlement[], text: string) => void;
  onFailed: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [asking, setAsking] = useState(false);
  const focus = useFocusAfterRender();
  const revokeId = useId();
  const formId = `studio-revoke-${entitlement.id}`;
  const fields = useMemo(() => ({ reason: { label: t("studio.customers.revokeReason", { lesson: entitlement.lesson }), rules: REASON_RULES } }), [t, entitlement.lesson]);
  const submit = async (values: Values) => {
    try {
      const next = await revokeEntitlement(client, customerId, entitlement.id, String(values.reason).trim());
      onRevoked(next, t("studio.customers.revoked", { lesson: entitlement.lesson }));
    } catch (error) {
      // A 404: someone revoked it meanwhile (or a refund did); the form's own message covers the rest.
      if (error instanceof ApiError && error.status === 404) onFailed(t("studio.customers.revokedMeanwhile"));
      throw error;
    }
  };
  if (!asking)
    return (
      <button
        id={revokeId}
        type="button"
        className="button button--danger"
        onClick={() => {
          setAsking(true);
          focus(fieldId(formId, "reason"));
        }}
      >
        {t("studio.customers.revoke")}
        <span className="visually-hidden"> {entitlement.lesson}</span>
      </button>
    );
  return (
    <Form id={formId} fields={fields} onSubmit={submit} incompleteMessage={t("studio.forms.incomplete")} resetOnSuccess={false}>
      <p>{t("studio.customers.revokeQuestion", { lesson: entitlement.lesson })}</p>
      <TextField name="reason" autoComplete="off" />
      <div className="studio-inline">
        <SubmitButton>{t("studio.customers.revokeYes")}</SubmitButton>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setAsking(false);
            focus(revokeId);
          }}
        >
          {t("studio.customers.revokeNo")}
        </button>
      </div>
    </Form>
  );
}
