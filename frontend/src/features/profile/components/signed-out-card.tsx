import { useLocation } from "react-router";
import { rememberRedirect } from "../../../lib/auth";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { Icon } from "../../../ui/icon";

/** For a visitor who is not signed in: log in or register, and come back to this page afterwards. */
export function SignedOutCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const comeBack = () => rememberRedirect(pathname);
  return (
    <section className="block block-profile">
      <div className="profile-card profile-card--signed-out">
        <span className="profile-card__icon">
          <Icon name="mdi:account" size={40} />
        </span>
        <h2>{t("profile.signedOut.title")}</h2>
        <p>{t("profile.signedOut.text")}</p>
        <div className="profile-actions">
          <ButtonLink to={routePath("login", locale)} onClick={comeBack}>
            {t("profile.signedOut.login")}
          </ButtonLink>
          <ButtonLink to={routePath("register", locale)} variant="secondary" onClick={comeBack}>
            {t("profile.signedOut.register")}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** While the session is checked (and in the published HTML). */
export function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <section className="block block-profile" aria-busy="true" aria-label={t("profile.loading")}>
      <div className="profile-card profile-card--skeleton">
        <span className="skeleton skeleton--title" />
        <span className="skeleton" />
        <span className="skeleton" />
        <span className="skeleton skeleton--short" />
      </div>
    </section>
  );
}
