/** One variant's stock changes: units counted in or out with a reason, and its low-stock threshold. */
import { useMemo } from "react";
import type { TFunction } from "i18next";
import type { ApiError } from "../../lib/api";
import { Form, SubmitButton, TextField, type ErrorDescription, type Values } from "../../lib/forms";
import { useTranslation } from "../../lib/i18n";
import { ErrorSummary } from "../forms";
import { useSession } from "../session";
import { adjustStock, setThreshold, type StockRow } from "../stock-api";

export const MOST_UNITS = 100_000;

/** "+5", "5" or "-3" as a whole number of units; anything else (a fraction, a word) is null. */
export function parseChange(raw: string): number | null {
  const text = raw.trim();
  return /^[+-]?\d{1,6}$/.test(text) ? Number(text) : null;
}

/** A 409 from the adjustment: the count would go below what unpaid orders reserve — the change field's error. */
export function adjustErrors(error: ApiError, row: StockRow, t: TFunction): ErrorDescription | null {
  if (error.status === 409) return { fields: { change: t("studio.stock.belowReserved", { reserved: row.reserved, most: row.available }) } };
  return null;
}

export function StockEditor({ row, name, onChanged, onClose }: { row: StockRow; name: string; onChanged: (row: StockRow, text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const adjustFields = useMemo(
    () => ({
      change: {
        label: t("studio.stock.changeBy"),
        rules: ["required", "matches:/^\\s*[+-]?\\d{1,6}\\s*$/", `between:-${MOST_UNITS},${MOST_UNITS}`, "not:0,+0,-0"],
        messages: { matches: t("studio.stock.wholeNumber"), not: t("studio.stock.notZero") },
      },
      reason: { label: t("studio.stock.reason"), rules: "required|length:3,500" },
    }),
    [t],
  );
  const thresholdFields = useMemo(
    () => ({
      threshold: {
        label: t("studio.stock.threshold"),
        rules: ["required", "matches:/^\\s*\\d{1,6}\\s*$/", `between:0,${MOST_UNITS}`],
        messages: { matches: t("studio.stock.wholeNumber") },
      },
    }),
    [t],
  );
  const thresholdInitial = useMemo(() => ({ threshold: String(row.lowStockThreshold) }), [row.lowStockThreshold]);

  const adjust = async (values: Values) => {
    const change = parseChange(String(values.change)) ?? 0;
    const after = await adjustStock(client, row.variantId, change, String(values.reason).trim());
    onChanged(after, t("studio.stock.adjusted", { name, onHand: after.onHand, available: after.available }));
  };
  const saveThreshold = async (values: Values) => {
    const after = await setThreshold(client, row.variantId, Number(String(values.threshold).trim()));
    onChanged(after, t("studio.stock.thresholdSaved", { name, threshold: after.lowStockThreshold }));
  };

  return (
    <section id="studio-stock-editor" className="studio-card" aria-labelledby="studio-stock-editor-title">
      <h2 id="studio-stock-editor-title" tabIndex={-1}>
        {t("studio.stock.editorTitle", { name, sku: row.sku })}
      </h2>
      <p>{t("studio.stock.now", { onHand: row.onHand, reserved: row.reserved, available: row.available })}</p>
      <div className="studio-columns">
        <Form
          id="studio-stock-adjust"
          fields={adjustFields}
          onSubmit={adjust}
          describeError={(error) => adjustErrors(error, row, t)}
          incompleteMessage={t("studio.forms.incomplete")}
        >
          <h3>{t("studio.stock.adjustTitle")}</h3>
          <ErrorSummary />
          <TextField name="change" inputMode="numeric" autoComplete="off" help={t("studio.stock.changeHelp")} />
          <TextField name="reason" autoComplete="off" help={t("studio.stock.reasonHelp")} />
          <SubmitButton>{t("studio.stock.adjust")}</SubmitButton>
        </Form>
        <Form
          id="studio-stock-threshold"
          fields={thresholdFields}
          initialValues={thresholdInitial}
          onSubmit={saveThreshold}
          resetOnSuccess={false}
          describeError={(error) => (error.status === 400 && error.fieldMessage(["lowStockThreshold"]) ? { fields: { threshold: error.fieldMessage(["lowStockThreshold"]) ?? "" } } : null)}
          incompleteMessage={t("studio.forms.incomplete")}
        >
          <h3>{t("studio.stock.thresholdTitle")}</h3>
          <TextField name="threshold" inputMode="numeric" autoComplete="off" help={t("studio.stock.thresholdHelp")} />
          <SubmitButton>{t("studio.stock.saveThreshold")}</SubmitButton>
        </Form>
      </div>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t("studio.stock.close")}
      </button>
    </section>
  );
}
