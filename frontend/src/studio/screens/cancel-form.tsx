import { useId, useState } from "react";
import { ApiError } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { Confirm } from "../../ui/confirm";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";
import { cancelOrder, type StudioOrder } from "../orders-api";
import { useSession } from "../session";

/** Cancel an order whose money never came: its stock goes back on sale; the e-mail only when asked. */
export function CancelForm({ order, onCanceled, onFailed }: { order: StudioOrder; onCanceled: (text: string) => void; onFailed: (text: string) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [notify, setNotify] = useState(true);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const focus = useFocusAfterRender();
  const notifyId = useId();
  const noId = useId();
  const cancelId = useId();

  const cancel = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const done = await cancelOrder(client, order.id, notify);
      onCanceled(t(done.notified ? "studio.cancel.doneNotified" : "studio.cancel.done", { number: order.orderNr }));
    } catch (error) {
      onFailed(t(error instanceof ApiError && error.status === 409 ? "studio.cancel.paid" : error instanceof ApiError && error.status === 403 ? "studio.cancel.forbidden" : "studio.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="studio-card" aria-labelledby="studio-cancel-title">
      <h2 id="studio-cancel-title">{t("studio.cancel.title")}</h2>
      <p>{t("studio.cancel.intro")}</p>
      <div className="field field--checkbox">
        <input id={notifyId} type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
        <label className="field__label" htmlFor={notifyId}>
          {t("studio.cancel.notify")}
        </label>
      </div>
      {asking ? (
        <Confirm
          question={t("studio.cancel.question", { number: order.orderNr })}
          yes={t("studio.cancel.yes")}
          no={t("studio.cancel.no")}
          noId={noId}
          onYes={() => void cancel()}
          onNo={() => {
            setAsking(false);
            focus(cancelId);
          }}
        />
      ) : (
        <button
          id={cancelId}
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => {
            setAsking(true);
            focus(noId);
          }}
        >
          {t("studio.cancel.submit")}
        </button>
      )}
    </section>
  );
}
