import { useId, useMemo } from "react";
import type { UserAddress } from "../../../lib/auth";
import type { ShippingCountry } from "../../../lib/cart";
import { Address, addressFields, Checkbox, useFormContext, type FieldDefinitions } from "../../../lib/forms";
import { formatPrice, useTranslation } from "../../../lib/i18n";
import type { ShippingCountry as CountryCode } from "../../../lib/vocabulary";
import type { CheckoutState } from "../hooks/use-checkout";
import { addressValues, SEPARATE_BILLING, SHIPPING } from "../utils/draft";
import { StepForm } from "./step-form";

/** 'Kerkstraat 12 B, Amsterdam' — how a saved address is offered. */
const savedName = (address: UserAddress) => `${[address.street, address.housenumber, address.addition].filter(Boolean).join(" ")}, ${address.city}`;

/** A signed-in parent's saved addresses: choosing one fills in the fields. */
function SavedAddresses({ addresses }: { addresses: UserAddress[] }) {
  const { t } = useTranslation();
  const { values, setValue } = useFormContext();
  const id = useId();
  const chosen = addresses.find((address) => Object.entries(addressValues(address, SHIPPING)).every(([name, value]) => (values[name] ?? "") === value));
  return (
    <div className="field checkout-saved">
      <label className="field__label" htmlFor={id}>
        {t("checkout.shipping.saved")}
      </label>
      <select
        id={id}
        value={chosen ? String(chosen.id) : ""}
        onChange={(event) => {
          const address = addresses.find((candidate) => String(candidate.id) === event.target.value);
          if (address) for (const [name, value] of Object.entries(addressValues(address, SHIPPING))) setValue(name, value);
        }}
      >
        <option value="">{t("checkout.shipping.savedOther")}</option>
        {addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {savedName(address)}
          </option>
        ))}
      </select>
    </div>
  );
}

type Props = {
  checkout: CheckoutState;
  /** The shipping countries with their cost (from the quote); empty until it arrived. */
  countries: ShippingCountry[];
  /** False when nothing in the cart is shipped: every country then costs nothing. */
  physical: boolean;
  addresses: UserAddress[];
  /** The step's heading, which names the address's fields. */
  headingId: string;
};

/** Where the order goes: the address, its country with the shipping cost, and "bill to another address". */
export function ShippingStep({ checkout, countries, physical, addresses, headingId }: Props) {
  const { t, i18n } = useTranslation();
  const fields = useMemo<FieldDefinitions>(
    () => ({ ...addressFields(t, { prefix: SHIPPING }), [SEPARATE_BILLING]: { label: t("checkout.shipping.separateBilling") } }),
    [t],
  );
  const countryLabel = (code: CountryCode) => {
    const country = t(`forms.countries.${code}`);
    const cost = countries.find((candidate) => candidate.iso === code)?.shippingCost;
    if (cost === undefined) return country;
    if (!physical || cost === 0) return t("checkout.shipping.countryFree", { country });
    return t("checkout.shipping.countryCost", { country, cost: formatPrice(cost, i18n.language) });
  };
  return (
    <StepForm step="shipping" fields={fields} checkout={checkout} previous="personal">
      <Address prefix={SHIPPING} labelledBy={headingId} countryLabel={countryLabel}>
        {addresses.length > 0 ? <SavedAddresses addresses={addresses} /> : null}
      </Address>
      <Checkbox name={SEPARATE_BILLING} />
    </StepForm>
  );
}

