import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { Parcel } from "../types";
import { formatDay } from "../utils/format";

/** How a carrier writes its own name; ``other`` is named in the page's language. */
const CARRIER_NAMES: Record<Parcel["carrier"], string | null> = {
  postnl: "PostNL",
  dhl: "DHL",
  dpd: "DPD",
  ups: "UPS",
  gls: "GLS",
  bpost: "bpost",
  other: null,
};

export function useCarrierName(): (parcel: Parcel) => string {
  const { t } = useTranslation();
  return (parcel) => CARRIER_NAMES[parcel.carrier] ?? t("orders.parcels.otherCarrier");
}

/** The tracking page of a parcel, opened beside the shop; none when the carrier has none. */
export function TrackingLink({ parcel, label }: { parcel: Parcel; label: string }) {
  if (!parcel.trackingUrl) return null;
  return (
    <a className="parcel__track" href={parcel.trackingUrl} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/** The order page's parcels: each with its date, carrier, tracking number, contents and tracking link. */
export function Parcels({ parcels }: { parcels: Parcel[] }) {
  const { t, i18n } = useTranslation();
  const carrierName = useCarrierName();
  const id = useId();
  return (
    <section className="order-parcels" aria-labelledby={id}>
      <h2 id={id}>{t("orders.parcels.title")}</h2>
      <ol className="order-parcels__list">
        {parcels.map((parcel, index) => (
          <li className="parcel" key={`${parcel.shippedAt}-${index}`}>
            <h3>{t("orders.parcels.parcel", { number: index + 1 })}</h3>
            <p className="parcel__facts">
              <span>{t("orders.parcels.shippedOn", { date: formatDay(parcel.shippedAt, i18n.language) })}</span>
              <span>{t("orders.parcels.carrier", { carrier: carrierName(parcel) })}</span>
              <span>{t("orders.parcels.trackingNumber", { trackingNumber: parcel.trackingNumber })}</span>
            </p>
            <ul className="parcel__lines">
              {parcel.lines.map((line, lineIndex) => (
                <li key={lineIndex}>{`${line.quantity} × ${line.title} (${line.variantLabel})`}</li>
              ))}
            </ul>
            <TrackingLink parcel={parcel} label={t("orders.parcels.track")} />
          </li>
        ))}
      </ol>
    </section>
  );
}
