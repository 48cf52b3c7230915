import { useMemo, useRef, useState } from "react";
import type { ApiError } from "../../lib/api";
import { Form, Select, SubmitButton, TextField, useFormContext, type Values } from "../../lib/forms";
import { useTranslation } from "../../lib/i18n";
import { ErrorSummary } from "../forms";
import { CARRIERS, shipOrder, type StudioOrder } from "../orders-api";
import { useSession } from "../session";
import { fieldErrors, refusal, quantityField, shipDefaults, shipmentBody, toShip } from "./orders-logic";

/**
 * A parcel: which units of which lines (all still to ship at first), the carrier and its
 * tracking number. One Idempotency-Key per opened form, so a double click or a retry after a
 * lost answer ships once; a new form (after a parcel left) gets a new key.
 */
export function ShipForm({ order, onShipped }: { order: StudioOrder; onShipped: (text: string) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const open = useMemo(() => order.lines.filter((line) => toShip(line) > 0), [order.lines]);
  const fields = useMemo(() => {
    const declared: Record<string, { label: string; rules: string; messages?: Record<string, string> }> = {};
    for (const line of open) {
      declared[quantityField(line)] = {
        label: t("studio.ship.quantityOf", { title: `${line.title}${line.variantLabel ? ` · ${line.variantLabel}` : ""}` }),
        rules: `required|matches:/^[0-9]+$/|between:0,${toShip(line)}`,
        messages: { matches: t("studio.ship.wholeNumber"), between: t("studio.ship.atMost", { count: toShip(line) }) },
      };
    }
    declared.carrier = { label: t("studio.ship.carrier"), rules: "required" };
    declared.trackingNumber = {
      label: t("studio.ship.trackingNumber"),
      rules: "required|length:1,64|matches:/^[A-Za-z0-9][A-Za-z0-9 -]*$/",
      messages: { matches: t("studio.ship.trackingFormat") },
    };
    declared.trackingUrl = { label: t("studio.ship.trackingUrl"), rules: "starts_with:https://|length:0,500", messages: { starts_with: t("studio.ship.https") } };
    return declared;
  }, [open, t]);
  const initialValues = useMemo(() => shipDefaults(order.lines), [order.lines]);
  /** The lines of the last request, in its order: the server names a line by its place there. */
  const sent = useRef<{ lineId: number }[]>([]);

  const describeError = (error: ApiError) => {
    const named = fieldErrors(error, sent.current, (entry, code) => {
      if (code === "too_many_units") return t("studio.ship.tooMany");
      if (entry.path[0] === "lines") return entry.path[2] === "quantity" ? entry.message : t("studio.ship.badLine");
      if (entry.path.at(-1) === "trackingUrl") return t("studio.ship.https");
      if (entry.path.at(-1) === "trackingNumber") return t("studio.ship.trackingFormat");
      return entry.message;
    });
    if (Object.keys(named).length > 0) return { fields: named };
    const code = error.details.code;
    if (code === "order_not_paid") return { form: t("studio.ship.notPaid") };
    if (code === "idempotency_key_reused") return { form: t("studio.ship.keyReused") };
    if (error.status === 403) return { form: t("studio.ship.forbidden") };
    return null;
  };

  const submit = async (values: Values) => {
    const body = shipmentBody(values, order.lines);
    sent.current = body.lines;
    if (body.lines.length === 0) {
      sent.current = open.map((line) => ({ lineId: line.id }));
      throw refusal(["lines", "0", "quantity"], t("studio.ship.nothing"));
    }
    const parcel = await shipOrder(client, order.id, body, key);
    setKey(crypto.randomUUID());
    onShipped(t("studio.ship.shipped", { number: parcel.trackingNumber }));
  };

  return (
    <section className="studio-card" aria-labelledby="studio-ship-title">
      <h2 id="studio-ship-title">{t("studio.ship.title")}</h2>
      <p>{t("studio.ship.intro")}</p>
      <Form key={`${key}-${order.shipments.length}`} id="studio-ship" fields={fields} initialValues={initialValues} onSubmit={submit} describeError={describeError} incompleteMessage={t("studio.forms.incomplete")}>
        <ErrorSummary />
        <fieldset className="studio-fieldset">
          <legend>{t("studio.ship.units")}</legend>
          {open.map((line) => (
            <TextField key={line.id} name={quantityField(line)} inputMode="numeric" help={t("studio.ship.left", { count: toShip(line) })} />
          ))}
        </fieldset>
        <Select name="carrier" options={CARRIERS.map((value) => ({ value, label: t(`studio.ship.carriers.${value}`) }))} />
        <TextField name="trackingNumber" autoComplete="off" />
        <TrackingUrl />
        <SubmitButton>{t("studio.ship.submit")}</SubmitButton>
      </Form>
    </section>
  );
}

/** Only the carrier "other" has no tracking page of its own: then the owner may type its link. */
function TrackingUrl() {
  const { t } = useTranslation();
  const { values } = useFormContext();
  if (values.carrier !== "other") return null;
  return <TextField name="trackingUrl" type="url" help={t("studio.ship.trackingUrlHelp")} />;
}
