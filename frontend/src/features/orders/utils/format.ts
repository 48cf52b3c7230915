import type { TFunction } from "i18next";
import { formatLongDate } from "../../../lib/i18n";
import type { OrderAddress } from "../types";

/** A day in the page's language: "25 November 2026" (en), "25 november 2026" (nl). */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatLongDate(date, language, "Europe/Amsterdam");
}

/** An address as it is printed on a parcel: street and number, extra information, postal code and city, country. */
export function addressLines(address: OrderAddress, t: TFunction): string[] {
  return [
    [address.street, address.housenumber, address.addition].filter(Boolean).join(" "),
    address.additionalInfo ?? "",
    [address.postalCode, address.city].filter(Boolean).join(" "),
    t(`forms.countries.${address.country}`),
  ].filter(Boolean);
}
