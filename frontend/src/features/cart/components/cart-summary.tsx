import { useId } from "react";
import { formatPrice, useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { shippingText, type QuoteState, type ShippingCountry, type ShippingCountryCode } from "../../../lib/cart";

type Props = {
  quote: QuoteState;
  countries: ShippingCountry[];
  /** The country chosen here; null lets the server decide (a signed-in parent's first address). */
  country: ShippingCountryCode | null;
  onCountry: (country: ShippingCountryCode | null) => void;
};

/** Subtotal, shipping and total as the server computed them, the shipping country, and on to checkout. */
export function CartSummary({ quote, countries, country, onCountry }: Props) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const countryId = useId();
  const refusedId = useId();
  const money = quote.quote;
  // A line of lessons that is owned already, or unlocked by another line, must go first.
  const refused = (money?.items ?? []).some((item) => Boolean(item.refusal));
  const price = (cents: number | undefined) => (cents === undefined ? "…" : formatPrice(cents, i18n.language));
  const shownCountry = country ?? (money?.shipping.status === "cost" ? money.shipping.country : null);

  return (
    <section className="cart-summary" aria-labelledby={headingId} aria-busy={quote.busy || undefined}>
      <h2 id={headingId} className="cart-summary__title">
        {t("cart.summary")}
      </h2>
      {countries.length > 0 ? (
        <div className="field cart-summary__country">
          <label className="field__label" htmlFor={countryId}>
            {money?.physical === false ? t("cart.countryVat") : t("cart.country")}
          </label>
          <select id={countryId} value={shownCountry ?? ""} onChange={(event) => onCountry((event.target.value || null) as ShippingCountryCode | null)}>
            <option value="">{t("cart.chooseCountry")}</option>
            {countries.map(({ iso }) => (
              <option key={iso} value={iso}>
                {t(`forms.countries.${iso}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <dl className="cart-summary__amounts">
        <div className="cart-summary__row">
          <dt>{t("cart.subtotal")}</dt>
          <dd data-testid="cart-subtotal">{price(money?.subtotal)}</dd>
        </div>
        <div className="cart-summary__row">
          <dt>{t("cart.shipping")}</dt>
          <dd data-testid="cart-shipping">{shippingText(money?.shipping, t, i18n.language, money?.physical)}</dd>
        </div>
        <div className="cart-summary__row cart-summary__row--total">
          <dt>{t("cart.total")}</dt>
          <dd data-testid="cart-total">{price(money?.total)}</dd>
        </div>
      </dl>
      {quote.failed ? (
        <div className="cart-summary__failed" role="alert">
          <p>{t("cart.quoteFailed")}</p>
          <button type="button" className="button button--secondary" onClick={quote.retry}>
            {t("cart.retry")}
          </button>
        </div>
      ) : null}
      {refused ? (
        <>
          <p id={refusedId} className="cart-summary__refused">
            {t("cart.refusedLines")}
          </p>
          <button type="button" className="button button--primary" disabled aria-describedby={refusedId}>
            {t("cart.checkout")}
          </button>
        </>
      ) : (
        <ButtonLink to={routePath("checkout", locale)}>{t("cart.checkout")}</ButtonLink>
      )}
    </section>
  );
}
