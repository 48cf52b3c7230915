import { useEffect, useId, useRef, type ReactNode } from "react";
import { Trans } from "react-i18next";
import { Link } from "../../../ui/link";
import { CaptchaNotice, useCaptcha } from "../../../lib/captcha";
import { lineProblem, shippingText, type QuoteItem, type QuoteState } from "../../../lib/cart";
import { formatPrice, useTranslation, type Locale } from "../../../lib/i18n";
import { usePrivacyPath, useTermsPath } from "../../../lib/pages/legal-paths";
import type { CheckoutState } from "../hooks/use-checkout";
import { billsSeparately, orderDraft, stepTitleKey, type Step } from "../utils/draft";
import { addressLines } from "../utils/address-lines";
import { OrderProblem } from "./order-problem";

/** One part of what is ordered (details, an address) with a button back to its step. */
function Part({ title, step, checkout, children }: { title: string; step: Step; checkout: CheckoutState; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="checkout-part">
      <h3>{title}</h3>
      {children}
      <button type="button" className="checkout-part__change" onClick={() => checkout.goTo(step)} aria-label={t("checkout.summary.changeLabel", { part: title })}>
        {t("checkout.summary.change")}
      </button>
    </section>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <p className="checkout-part__lines">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </p>
  );
}

function Amounts({ quote }: { quote: QuoteState }) {
  const { t, i18n } = useTranslation();
  const money = quote.quote;
  const price = (cents: number | undefined) => (cents === undefined ? "…" : formatPrice(cents, i18n.language));
  return (
    <dl className="checkout-amounts" aria-busy={quote.busy || undefined}>
      <div className="checkout-amounts__row">
        <dt>{t("cart.subtotal")}</dt>
        <dd data-testid="checkout-subtotal">{price(money?.subtotal)}</dd>
      </div>
      <div className="checkout-amounts__row">
        <dt>{t("cart.shipping")}</dt>
        <dd data-testid="checkout-shipping">{shippingText(money?.shipping, t, i18n.language, money?.physical)}</dd>
      </div>
      <div className="checkout-amounts__row checkout-amounts__row--total">
        <dt>{t("cart.total")}</dt>
        <dd data-testid="checkout-total">{price(money?.total)}</dd>
      </div>
      <div className="checkout-amounts__row checkout-amounts__row--vat">
        <dt>{money ? t("checkout.summary.vatIncluded", { rate: money.vat.rate }) : t("checkout.summary.vat")}</dt>
        <dd data-testid="checkout-vat">{price(money?.vat.total)}</dd>
      </div>
    </dl>
  );
}

/** A line that cannot be ordered as it is: in the cart's words ("Only 9 left"). */
function LineProblem({ item }: { item: QuoteItem }) {
  const { t } = useTranslation();
  const problem = lineProblem(item, t);
  return problem ? <strong className="checkout-product__unavailable">{problem}</strong> : null;
}

function Products({ quote }: { quote: QuoteState }) {
  const { t, i18n } = useTranslation();
  const items = quote.quote?.items ?? [];
  return (
    <ul className="checkout-products" aria-busy={quote.busy || undefined}>
      {items.map((item) => (
        <li key={`${item.variantId}:${JSON.stringify(item.options)}`} className="checkout-product">
          <span className="checkout-product__name">
            {t("checkout.summary.line", { quantity: item.quantity, product: `${item.title} – ${item.variantLabel}` })}
            {item.options.map((option) => (
              <span key={option.key} className="checkout-product__option">
                {`${option.key}: ${option.value}`}
              </span>
            ))}
            <LineProblem item={item} />
          </span>
          <span className="checkout-product__price">{formatPrice(item.lineTotal, i18n.language)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Lessons start right away, so the parent gives up the 14-day withdrawal for them (EU rules for
 * digital content): a required checkbox, refused here and by the server; each refusal focuses it.
 */
function WithdrawalWaiver({ checkout }: { checkout: CheckoutState }) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  const box = useRef<HTMLInputElement>(null);
  const refused = checkout.withdrawalRefused;
  useEffect(() => {
    if (refused > 0) box.current?.focus();
  }, [refused]);
  const invalid = refused > 0;
  return (
    <div className="field field--checkbox checkout-withdrawal">
      <input
        ref={box}
        id={id}
        type="checkbox"
        required
        checked={checkout.draft.withdrawalWaived}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => checkout.waiveWithdrawal(event.target.checked)}
      />
      <label htmlFor={id}>{t("checkout.summary.withdrawal")}</label>
      {invalid ? (
        <p id={errorId} className="field__error">
          {t("checkout.summary.withdrawalRequired")}
        </p>
      ) : null}
    </div>
  );
}

type Props = { checkout: CheckoutState; quote: QuoteState; locale: Locale };

/** Everything at a glance (details, addresses, products, money), the consent, and on to the payment. */
export function SummaryStep({ checkout, quote, locale }: Props) {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const problemId = useId();
  useEffect(() => captcha.preload(), [captcha]); // the token is asked when the parent pays
  const draft = orderDraft(checkout.draft, [], locale);
  const privacy = usePrivacyPath(locale);
  const terms = useTermsPath(locale);
  const { user } = draft;
  const lessons = (quote.quote?.items ?? []).some((item) => item.productType === "digital");
  const physical = quote.quote?.physical ?? true;
  const pay = () => void checkout.place(lessons);
  return (
    <div className="checkout-summary">
      <div className="checkout-summary__parts">
        <Part title={t("checkout.steps.personal")} step="personal" checkout={checkout}>
          <Lines lines={[`${user.firstname} ${user.lastname}`, user.email]} />
        </Part>
        <Part title={t(stepTitleKey("shipping", physical))} step="shipping" checkout={checkout}>
          <Lines lines={addressLines(draft.shipping.address, t)} />
        </Part>
        <Part title={t("checkout.steps.billing")} step={billsSeparately(checkout.draft) ? "billing" : "shipping"} checkout={checkout}>
          <Lines lines={draft.billing ? addressLines(draft.billing.address, t) : [t(physical ? "checkout.summary.sameAddress" : "checkout.summary.sameAsYours")]} />
        </Part>
      </div>
      <section className="checkout-order" aria-label={t("checkout.summary.products")}>
        <h3>{t("checkout.summary.products")}</h3>
        <Products quote={quote} />
        <Amounts quote={quote} />
        {quote.failed ? (
          <div className="checkout-quote-failed" role="alert">
            <p>{t("cart.quoteFailed")}</p>
            <button type="button" className="button button--secondary" onClick={quote.retry}>
              {t("cart.retry")}
            </button>
          </div>
        ) : null}
      </section>
      <p className="checkout-consent">
        <Trans i18nKey="checkout.summary.consent" components={{ privacy: <Link to={privacy} />, terms: <Link to={terms} /> }} />
      </p>
      {lessons ? <WithdrawalWaiver checkout={checkout} /> : null}
      {captcha.enabled ? <CaptchaNotice /> : null}
      <div id={problemId} className="checkout-problem" role="alert">
        {checkout.problem ? <OrderProblem problem={checkout.problem} onRetry={pay} /> : null}
      </div>
      <div className="checkout-actions">
        <button type="button" className="button button--secondary" onClick={() => checkout.goTo(checkout.steps[checkout.steps.length - 2] ?? "personal")}>
          {t("forms.previous")}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={checkout.placing}
          aria-disabled={checkout.placing}
          aria-describedby={checkout.problem ? problemId : undefined}
          onClick={pay}
        >
          {checkout.placing ? t("checkout.summary.placing") : t("checkout.summary.pay")}
        </button>
      </div>
    </div>
  );
}
