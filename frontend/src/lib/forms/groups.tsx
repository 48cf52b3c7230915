/**
 * Field groups reused by checkout and profile: personal details and an address (with the
 * spec's required messages, e.g. 'Street is required.'). A prefix keeps two addresses apart
 * in one form (shipping and billing).
 */
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "../i18n";
import { Select, TextField } from "./fields";
import { SHIPPING_COUNTRIES, type ShippingCountry } from "../vocabulary";
import type { FieldDefinitions } from "./schema";

export { SHIPPING_COUNTRIES };

export function personalDetailsFields(t: TFunction): FieldDefinitions {
  return {
    firstname: { label: t("forms.labels.firstname"), rules: "required|length:1,80" },
    lastname: { label: t("forms.labels.lastname"), rules: "required|length:1,80" },
    email: { label: t("forms.labels.email"), rules: "required|email|length:3,254" },
  };
}

export function addressFields(t: TFunction, { prefix = "", requireAddition = false } = {}): FieldDefinitions {
  return {
    [`${prefix}street`]: { label: t("forms.labels.street"), rules: "required|length:1,120" },
    [`${prefix}housenumber`]: { label: t("forms.labels.housenumber"), rules: "required|length:1,10|contains_numeric" },
    [`${prefix}addition`]: { label: t("forms.labels.addition"), rules: requireAddition ? "required|length:1,10" : "length:0,10" },
    [`${prefix}additionalInfo`]: { label: t("forms.labels.additionalInfo"), rules: "length:0,120" },
    [`${prefix}postalCode`]: { label: t("forms.labels.postalCode"), rules: "required|length:3,10" },
    [`${prefix}city`]: { label: t("forms.labels.city"), rules: "required|length:1,80" },
    [`${prefix}country`]: { label: t("forms.labels.country"), rules: ["required", `is:${SHIPPING_COUNTRIES.join(",")}`] },
  };
}

/**
 * A group's name: its own legend, or (`labelledBy`) the id of the heading right above it, which
 * then names it without a legend saying the same again (the checkout's step headings).
 */
type GroupName = { legend?: string; labelledBy?: string };

function FieldGroup({ className, legend, labelledBy, children }: GroupName & { className: string; children: ReactNode }) {
  return (
    <fieldset className={className} aria-labelledby={labelledBy}>
      {labelledBy ? null : <legend>{legend}</legend>}
      {children}
    </fieldset>
  );
}

/** First name, last name and e-mail; `emailHelp` with a read-only e-mail (the profile cannot change it). */
export function PersonalDetails({ emailReadOnly = false, emailHelp, labelledBy }: { emailReadOnly?: boolean; emailHelp?: ReactNode; labelledBy?: string } = {}) {
  const { t } = useTranslation();
  return (
    <FieldGroup className="field-group" legend={t("forms.groups.personalDetails")} labelledBy={labelledBy}>
      <TextField name="firstname" autoComplete="given-name" />
      <TextField name="lastname" autoComplete="family-name" />
      <TextField name="email" type="email" autoComplete="email" inputMode="email" readOnly={emailReadOnly} help={emailHelp} />
    </FieldGroup>
  );
}

/** `countryLabel` words each country option (the checkout adds its shipping cost); its name by default. */
export function Address({ prefix = "", legend, labelledBy, countryLabel, children }: GroupName & {
  prefix?: string;
  countryLabel?: (code: ShippingCountry) => string;
  /** Shown at the top of the group (the checkout's choice of a saved address). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const section = prefix ? `section-${prefix.replace(/_$/, "")} ` : "";
  return (
    <FieldGroup className="field-group field-group--address" legend={legend ?? t("forms.groups.address")} labelledBy={labelledBy}>
      {children}
      <TextField name={`${prefix}street`} autoComplete={`${section}address-line1`} />
      <TextField name={`${prefix}housenumber`} />
      <TextField name={`${prefix}addition`} />
      <TextField name={`${prefix}additionalInfo`} autoComplete={`${section}address-line2`} />
      <TextField name={`${prefix}postalCode`} autoComplete={`${section}postal-code`} />
      <TextField name={`${prefix}city`} autoComplete={`${section}address-level2`} />
      <Select
        name={`${prefix}country`}
        autoComplete={`${section}country`}
        options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryLabel ? countryLabel(code) : t(`forms.countries.${code}`) }))}
      />
    </FieldGroup>
  );
}
