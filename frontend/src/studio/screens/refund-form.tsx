import { useMemo, useRef, useState } from "react";
import type { ApiError } from "../../lib/api";
import { Checkbox, Form, RadioGroup, SubmitButton, TextArea, TextField, useFormContext, type Values } from "../../lib/forms";
import { formatPrice, useTranslation } from "../../lib/i18n";
import { Confirm } from "../../ui/confirm";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { ErrorSummary } from "../forms";
import { refundOrder, type OrderLine, type OrderMoney, type Refund, type RefundAsk, type StudioOrder } from "../orders-api";
import { useSession } from "../session";
import { BROWSER, euroCents, fieldErrors, refusal, refundableUnits, refundBody, refundedUnits, refundField } from "./orders-logic";

const FORM_ID = "studio-refund";
const AMOUNT = "/^[0-9]{1,7}([.,][0-9]{1,2})?$/";

/**
 * A refund (owner only): units of lines (with the shipping or not) or an amount; back in stock,
 * lessons taken away. It asks before sending; the server computes the money, and its answer is
 * what the page then says. One Idempotency-Key per opened form: a retry refunds once.
 */
export function RefundForm({
  order,
  refunds,
  money,
  onRefunded,
}: {
  order: StudioOrder;
  refunds: Refund[];
  money: OrderMoney;
  onRefunded: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const [key] = useState(() => crypto.randomUUID());
  const [asking, setAsking] = useState<RefundAsk | null>(null);
  const confirmed = useRef(false);
  const sent = useRef<{ lineId: number }[]>([]);
  const focus = useFocusAfterRender();
  const price = (cents: number) => formatPrice(cents, i18n.language);
  const done = useMemo(() => refundedUnits(refunds), [refunds]);
  const open = useMemo(() => order.lines.filter((line) => refundableUnits(line, done.get(line.id) ?? 0) > 0), [order.lines, done]);
  const physical = order.lines.some((line) => line.productType === "physical");
  const lessons = order.lines.some((line) => line.productType === "digital");

  const fields = useMemo(() => {
    const declared: Record<string, { label: string; rules?: string; messages?: Record<string, string> }> = {
      by: { label: t("studio.refund.by"), rules: "required" },
    };
    for (const line of open) {
      const left = refundableUnits(line, done.get(line.id) ?? 0);
      declared[refundField(line.id)] = {
        label: t("studio.refund.unitsOf", { title: label(line) }),
        rules: `matches:/^[0-9]+$/|between:0,${left}`,
        messages: { matches: t("studio.ship.wholeNumber"), between: t("studio.ship.atMost", { count: left }) },
      };
    }
    declared.shipping = { label: t("studio.refund.shipping") };
    declared.amount = { label: t("studio.refund.amount"), rules: `matches:${AMOUNT}`, messages: { matches: t("studio.refund.amountFormat") } };
    declared.restock = { label: t("studio.refund.restock") };
    declared.revokeLessons = { label: t("studio.refund.revokeLessons") };
    declared.reason = { label: t("studio.refund.reason"), rules: "length:0,500" };
    return declared;
  }, [open, done, t]);
  const initialValues = useMemo(() => ({ by: "lines", shipping: false, restock: false, revokeLessons: false }), []);

  const describeError = (error: ApiError) => {
    const named = fieldErrors(error, sent.current, (entry, code) => {
      if (code === BROWSER) return entry.message;
      if (entry.path.at(-1) === "amount") return t("studio.refund.tooMuch", { amount: price(money.refundable) });
      return entry.path[0] === "lines" ? t("studio.refund.tooManyUnits") : entry.message;
    }, {
      lineField: refundField,
      names: ["amount", "shipping", "reason"],
    });
    if (Object.keys(named).length > 0) return { fields: named };
    if (error.details.code === "over_refund") return { form: t("studio.refund.tooMuch", { amount: price(money.refundable) }) };
    if (error.status === 403) return { form: t("studio.refund.forbidden") };
    if (error.status === 409) return { form: t("studio.refund.conflict") };
    if (error.status === 503) return { form: t("studio.refund.providerDown") };
    return error.status === 400 ? { form: error.message } : null;
  };

  const submit = async (values: Values) => {
    const body = refundBody(values, order.lines);
    if (!confirmed.current) {
      if (values.by === "amount" && euroCents(String(values.amount ?? "")) === null) throw refusal(["amount"], t("studio.refund.amountFormat"));
      if (values.by !== "amount" && (body.lines ?? []).length === 0 && !body.shipping) {
        sent.current = open.map((line) => ({ lineId: line.id }));
        throw refusal(["lines", "0", "quantity"], t("studio.refund.nothing"));
      }
      setAsking(body);
      focus(`${FORM_ID}-no`);
      return;
    }
    confirmed.current = false;
    sent.current = body.lines ?? [];
    const made = await refundOrder(client, order.id, body, key);
    onRefunded(t("studio.refund.done", { amount: price(made.refund.amount), number: made.refund.creditNoteNr }));
  };

  const question = (body: RefundAsk) =>
    body.amount !== undefined
      ? t("studio.refund.confirmAmount", { amount: price(body.amount) })
      : t("studio.refund.confirmLines", {
          lines: (body.lines ?? []).map((part) => `${part.quantity} × ${label(order.lines.find((line) => line.id === part.lineId))}`).join(", ") || "–",
          shipping: body.shipping ? t("studio.refund.andShipping") : "",
        });

  return (
    <section className="studio-card" aria-labelledby="studio-refund-title">
      <h2 id="studio-refund-title">{t("studio.refund.title")}</h2>
      <p>{t("studio.refund.intro", { amount: price(money.refundable) })}</p>
      <Form id={FORM_ID} fields={fields} initialValues={initialValues} onSubmit={submit} describeError={describeError} resetOnSuccess={false} incompleteMessage={t("studio.forms.incomplete")}>
        <ErrorSummary />
        <RadioGroup
          name="by"
          options={[
            { value: "lines", label: t("studio.refund.byLines") },
            { value: "amount", label: t("studio.refund.byAmount") },
          ]}
        />
        <Choice open={open} done={done} physical={physical} lessons={lessons} />
        <TextArea name="reason" rows={2} help={t("studio.refund.reasonHelp")} />
        {asking ? (
          <Confirm
            question={question(asking)}
            yes={t("studio.refund.yes")}
            no={t("studio.refund.no")}
            noId={`${FORM_ID}-no`}
            onYes={() => {
              confirmed.current = true;
              setAsking(null);
              (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();
            }}
            onNo={() => setAsking(null)}
          />
        ) : (
          <SubmitButton>{t("studio.refund.submit")}</SubmitButton>
        )}
      </Form>
    </section>
  );
}

const label = (line: OrderLine | undefined) => (line ? `${line.title}${line.variantLabel ? ` · ${line.variantLabel}` : ""}` : "");

/** The fields of the way chosen: units per line and the shipping, or an amount. */
function Choice({ open, done, physical, lessons }: { open: OrderLine[]; done: Map<number, number>; physical: boolean; lessons: boolean }) {
  const { t } = useTranslation();
  const { values } = useFormContext();
  return (
    <>
      {values.by === "amount" ? (
        <TextField name="amount" inputMode="decimal" help={t("studio.refund.amountHelp")} />
      ) : (
        <fieldset className="studio-fieldset">
          <legend>{t("studio.refund.units")}</legend>
          {open.map((line) => (
            <TextField key={line.id} name={refundField(line.id)} inputMode="numeric" help={t("studio.refund.left", { count: refundableUnits(line, done.get(line.id) ?? 0) })} />
          ))}
          {physical ? <Checkbox name="shipping" /> : null}
        </fieldset>
      )}
      {physical ? <Checkbox name="restock" help={t("studio.refund.restockHelp")} /> : null}
      {lessons ? <Checkbox name="revokeLessons" help={t("studio.refund.revokeHelp")} /> : null}
    </>
  );
}
