import { Link } from "../../../ui/link";
import { stockText } from "../../../lib/cart";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath, setPasswordPath } from "../../../lib/routes";
import type { OrderProblem as Problem } from "../utils/order-errors";
import { LoginLink } from "./login-link";

/** The text of a problem that trying again may solve (the captcha's is the forms' own). */
const RETRY_TEXTS: Partial<Record<Problem["kind"], string>> = {
  "service-unavailable": "checkout.errors.serviceUnavailable",
  captcha: "forms.captcha.failed",
};

/** What went wrong when placing the order, and the way on: log in, back to the cart, or try again. */
export function OrderProblem({ problem, onRetry }: { problem: Problem; onRetry: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  switch (problem.kind) {
    case "email-has-account":
      return (
        <>
          <p>{t("checkout.errors.emailHasAccount")}</p>
          <p className="checkout-problem__links">
            <LoginLink>{t("checkout.errors.login")}</LoginLink>
            <Link to={setPasswordPath(locale)}>{t("checkout.errors.setPassword")}</Link>
          </p>
        </>
      );
    case "already-owned":
      return (
        <>
          <p>{t("checkout.errors.alreadyOwned")}</p>
          <p className="checkout-problem__links">
            <Link to={routePath("cart", locale)}>{t("checkout.errors.toCart")}</Link>
          </p>
        </>
      );
    case "product-unavailable":
      return (
        <>
          <p>{t("checkout.errors.adjustCart")}</p>
          {problem.products.length > 0 ? (
            <ul className="checkout-problem__products">
              {problem.products.map(({ product, left }) => (
                <li key={product}>{t("stock.line", { product, text: stockText(left, t) })}</li>
              ))}
            </ul>
          ) : null}
          <p className="checkout-problem__links">
            <Link to={routePath("cart", locale)}>{t("checkout.errors.toCart")}</Link>
          </p>
        </>
      );
    case "too-many-orders":
      return <p>{t("checkout.errors.tooManyOrders", { minutes: problem.minutes })}</p>;
    default:
      return (
        <>
          <p>{t(RETRY_TEXTS[problem.kind] ?? "checkout.errors.failed")}</p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t("checkout.errors.retry")}
          </button>
        </>
      );
  }
}
