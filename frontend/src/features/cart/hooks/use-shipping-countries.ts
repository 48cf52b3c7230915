import { useEffect, useState } from "react";
import { getShippingCountries } from "../api/get-shipping-countries";
import type { ShippingCountry } from "../types";

/** Where Splash ships to, loaded once it is needed; none (no country choice) while loading or on failure. */
export function useShippingCountries(needed: boolean): ShippingCountry[] {
  const [countries, setCountries] = useState<ShippingCountry[]>([]);
  const load = needed && countries.length === 0;
  useEffect(() => {
    if (!load) return;
    let current = true;
    getShippingCountries()
      .then(({ data }) => {
        if (current) setCountries(data);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [load]);
  return countries;
}
