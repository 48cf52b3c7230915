import { useEffect, useId, useRef } from "react";
import { useAuth, type User } from "../../../lib/auth";
import { useCart, useQuote, type Cart } from "../../../lib/cart";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { shopPath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { useCheckout } from "../hooks/use-checkout";
import { useStepHistory } from "../hooks/use-step-history";
import { shippingCountry, stepTitleKey, type Step } from "../utils/draft";
import { BillingStep } from "./billing-step";
import { PersonalStep } from "./personal-step";
import { ShippingStep } from "./shipping-step";
import { SummaryStep } from "./summary-step";

/** While the browser restores the cart and the session (and in the published HTML). */
function CheckoutSkeleton() {
  const { t } = useTranslation();
  return (
    <section className="block block-checkout" aria-busy="true" aria-label={t("checkout.loading")}>
      <div className="checkout-card checkout-card--skeleton">
        <span className="skeleton skeleton--title" />
        <span className="skeleton" />
        <span className="skeleton skeleton--short" />
      </div>
    </section>
  );
}

/** The steps as a list: where the parent is, and how many there are. */
function Progress({ steps, current, physical }: { steps: Step[]; current: Step; physical: boolean }) {
  const { t } = useTranslation();
  return (
    <ol className="checkout-progress" aria-label={t("checkout.steps.label")}>
      {steps.map((step, index) => (
        <li key={step} className="checkout-progress__step" aria-current={step === current ? "step" : undefined}>
          <span className="checkout-progress__number" aria-hidden="true">
            {index + 1}
          </span>
          {t(stepTitleKey(step, physical))}
        </li>
      ))}
    </ol>
  );
}

function Checkout({ cart, user, session }: { cart: Cart; user: User | null; session: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { lines } = cart;
  const checkout = useCheckout(user, locale, lines, cart);
  const { step } = checkout.draft;
  const quote = useQuote(lines, shippingCountry(checkout.draft.values.shipping), session, true);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const opened = useRef(step);
  useStepHistory(step, checkout.steps, checkout.goTo);

  // Focus follows the step (not on arrival: the page's own focus rules apply then). A step that
  // opens with the server's refusals focuses its first refused field instead.
  useEffect(() => {
    if (opened.current === step) return;
    opened.current = step;
    if (step === "summary" || !checkout.fieldErrors[step]?.length) heading.current?.focus();
  }, [step, checkout.fieldErrors]);

  const number = checkout.steps.indexOf(step) + 1;
  const physical = quote.quote?.physical ?? true;
  return (
    <section className="block block-checkout">
      <div className="checkout-card">
        <Progress steps={checkout.steps} current={step} physical={physical} />
        <p className="checkout-step-count">{t("checkout.steps.count", { number, total: checkout.steps.length })}</p>
        <h2 ref={heading} id={headingId} tabIndex={-1} className="checkout-heading">
          {t(stepTitleKey(step, physical))}
        </h2>
        {step === "personal" ? <PersonalStep key={step} checkout={checkout} signedIn={user !== null} headingId={headingId} /> : null}
        {step === "shipping" ? (
          <ShippingStep key={step} checkout={checkout} countries={quote.quote?.countries ?? []} physical={physical} addresses={user?.addresses ?? []} headingId={headingId} />
        ) : null}
        {step === "billing" ? <BillingStep key={step} checkout={checkout} headingId={headingId} /> : null}
        {step === "summary" ? <SummaryStep checkout={checkout} quote={quote} locale={locale} /> : null}
      </div>
    </section>
  );
}

/**
 * The checkout page's block: personal details → shipping address (→ billing address) → summary,
 * then 'Proceed to payment' places the order and leaves for the payment page. An empty cart has
 * nothing to check out: the cart's empty state with a way to the shop.
 */
export function CheckoutBlock() {
  const { t } = useTranslation();
  const locale = useLocale();
  const cart = useCart();
  const auth = useAuth();
  if (cart.status === "unknown" || auth.status === "unknown") return <CheckoutSkeleton />;
  if (cart.lines.length === 0) {
    return (
      <section className="block block-checkout">
        <div className="checkout-card checkout-empty">
          <p>{t("cart.empty")}</p>
          <ButtonLink to={shopPath(locale)}>{t("cart.toShop")}</ButtonLink>
        </div>
      </section>
    );
  }
  return <Checkout cart={cart} user={auth.user} session={auth.status} />;
}
