import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../lib/auth";
import { useLocale } from "../../../lib/i18n";
import { shopPath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { Icon } from "../../../ui/icon";

/** The account page's orders (its order-item block). Orders arrive with a later release: for now the empty state. */
export function OrdersBlock() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { status } = useAuth();
  const id = useId();
  // Signed out, the profile block above shows the way in; orders are for signed-in parents only.
  if (status !== "signed-in") return null;
  return (
    <section className="block block-orders" aria-labelledby={id}>
      <h2 id={id}>{t("profile.orders.title")}</h2>
      <div className="profile-card profile-card--empty">
        <span className="profile-card__icon">
          <Icon name="mdi:package-variant" size={40} />
        </span>
        <p className="profile-card__title">{t("profile.orders.empty")}</p>
        <p>{t("profile.orders.emptyText")}</p>
        <ButtonLink to={shopPath(locale)}>{t("profile.orders.shop")}</ButtonLink>
      </div>
    </section>
  );
}
