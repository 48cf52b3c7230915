/**
 * The stock: every variant's units on hand, reserved by unpaid orders and available, a filter for
 * those at or below their low-stock threshold (in the address), and for one variant at a time
 * a counted adjustment with a reason and its threshold.
 */
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { Heading } from "../heading";
import { useSession } from "../session";
import { StatusMessage, type Notice } from "../status";
import { listStock, type StockRow } from "../stock-api";
import { StockEditor } from "./stock-editor";

export const variantName = (row: StockRow) => `${row.title} · ${row.colour} · ${row.size}`;

export function StockScreen() {
  const { t } = useTranslation();
  const { client } = useSession();
  const [params] = useSearchParams();
  const low = params.get("low") === "true";
  const [answer, setAnswer] = useState<{ low: boolean; rows: StockRow[] | null } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const focus = useFocusAfterRender();

  useEffect(() => {
    let current = true;
    listStock(client, low).then(
      (rows) => current && setAnswer({ low, rows }),
      () => current && setAnswer({ low, rows: null }),
    );
    return () => {
      current = false;
    };
  }, [client, low]);
  const shown = answer?.low === low ? answer : null;
  const edited = shown?.rows?.find((row) => row.variantId === editing) ?? null;

  const changed = (row: StockRow, text: string) => {
    setAnswer((was) => was && { ...was, rows: (was.rows ?? []).map((r) => (r.variantId === row.variantId ? row : r)) });
    setNotice({ kind: "done", text });
  };

  return (
    <>
      <Heading>{t("studio.stock.title")}</Heading>
      <nav aria-label={t("studio.stock.filter")} className="studio-periods">
        <ul className="studio-inline">
          <li>
            <Link to="/studio/stock" aria-current={low ? undefined : "page"} className={low ? "button button--secondary" : "button button--primary"}>
              {t("studio.stock.all")}
            </Link>
          </li>
          <li>
            <Link to="/studio/stock?low=true" aria-current={low ? "page" : undefined} className={low ? "button button--primary" : "button button--secondary"}>
              {t("studio.stock.lowOnly")}
            </Link>
          </li>
        </ul>
      </nav>
      {shown === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : shown.rows === null ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : shown.rows.length === 0 ? (
        <p>{t(low ? "studio.stock.noneLow" : "studio.stock.none")}</p>
      ) : (
        <table className="studio-table">
          <caption>{t(low ? "studio.stock.captionLow" : "studio.stock.caption", { count: shown.rows.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("studio.stock.variant")}</th>
              <th scope="col">{t("studio.stock.sku")}</th>
              <th scope="col">{t("studio.stock.onHand")}</th>
              <th scope="col">{t("studio.stock.reserved")}</th>
              <th scope="col">{t("studio.stock.available")}</th>
              <th scope="col">{t("studio.stock.threshold")}</th>
              <th scope="col">{t("studio.stock.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => (
              <tr key={row.variantId} data-low={row.low ? "true" : undefined}>
                <th scope="row">
                  {variantName(row)}
                  {row.active ? null : ` (${t("studio.stock.inactive")})`}
                </th>
                <td>{row.sku}</td>
                <td>{row.onHand}</td>
                <td>{row.reserved}</td>
                <td>
                  {row.available}
                  {row.low ? <strong className="studio-badge"> {t("studio.stock.low")}</strong> : null}
                </td>
                <td>{row.lowStockThreshold}</td>
                <td>
                  <button
                    id={`studio-stock-change-${row.variantId}`}
                    type="button"
                    className="button button--secondary"
                    aria-expanded={editing === row.variantId}
                    aria-controls={editing === row.variantId ? "studio-stock-editor" : undefined}
                    onClick={() => {
                      setEditing(row.variantId);
                      focus("studio-stock-editor-title");
                    }}
                  >
                    {t("studio.stock.change")}
                    <span className="visually-hidden"> {row.sku}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* Beside the editor, where the change was made: the message takes the focus when it changes. */}
      <StatusMessage notice={notice} />
      {edited ? (
        <StockEditor
          key={edited.variantId}
          row={edited}
          name={variantName(edited)}
          onChanged={changed}
          onClose={() => {
            setEditing(null);
            focus(`studio-stock-change-${edited.variantId}`);
          }}
        />
      ) : null}
    </>
  );
}
