/** Between the API's addresses, the address form's values and what PUT /users/me takes. */
import type { TFunction } from "i18next";
import type { ApiError } from "../../../lib/api";
import type { Country, UserAddress } from "../../../lib/auth";
import type { Locale } from "../../../lib/i18n";
import type { ShippingCountry } from "../../../lib/vocabulary";
import type { AddressInput } from "../api/update-me";

export type AddressValues = Record<string, unknown>;

/** The country a new address starts with: the one of the shop's language (English: none chosen). */
const HOME_COUNTRY: Partial<Record<Locale, ShippingCountry>> = { nl: "nl", de: "de", fr: "fr", es: "es", sv: "se" };

export function newAddressValues(locale: Locale): AddressValues {
  return { country: HOME_COUNTRY[locale] ?? "" };
}

export function addressValues(address: UserAddress): AddressValues {
  return {
    street: address.street,
    housenumber: address.housenumber,
    addition: address.addition ?? "",
    additionalInfo: address.additionalInfo ?? "",
    postalCode: address.postalCode,
    city: address.city,
    country: address.country,
  };
}

const text = (value: unknown): string => String(value ?? "").trim();
const optional = (value: unknown): string | null => text(value) || null;

export function addressInput(values: AddressValues, id?: number): AddressInput {
  return {
    ...(id === undefined ? {} : { id }),
    street: text(values.street),
    housenumber: text(values.housenumber),
    addition: optional(values.addition),
    additionalInfo: optional(values.additionalInfo),
    postalCode: text(values.postalCode),
    city: text(values.city),
    country: text(values.country) as Country,
  };
}

/** A saved address as it is, for the list that replaces the user's addresses. */
export function keepAddress({ id, street, housenumber, addition, additionalInfo, postalCode, city, country }: UserAddress): AddressInput {
  return { id, street, housenumber, addition, additionalInfo, postalCode, city, country };
}

/** 'Kerkstraat 12 B' — how an address is named in buttons and questions. */
export function addressName(address: UserAddress): string {
  return [address.street, address.housenumber, address.addition].filter(Boolean).join(" ");
}

/** The API's errors for the address at `index` of the list sent (paths ["data", "addresses", "0", "street"]), by field. */
export function addressFieldErrors(error: ApiError, index: number): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { path, message } of error.details.errors ?? []) {
    const [data, addresses, position, field] = path;
    if (data === "data" && addresses === "addresses" && position === String(index) && field && !found[field]) found[field] = message;
  }
  return found;
}

export function countryName(t: TFunction, country: Country): string {
  return t(`forms.countries.${country}`);
}
