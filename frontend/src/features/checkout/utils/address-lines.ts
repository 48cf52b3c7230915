import type { TFunction } from "i18next";
import type { OrderAddress } from "../types";

/** An address as it is printed on a parcel: street and number, extra information, postal code and city, country. */
export function addressLines(address: OrderAddress, t: TFunction): string[] {
  return [
    [address.street, address.housenumber, address.addition].filter(Boolean).join(" "),
    address.additionalInfo ?? "",
    [address.postalCode, address.city].filter(Boolean).join(" "),
    address.country ? t(`forms.countries.${address.country}`) : "",
  ].filter(Boolean);
}
