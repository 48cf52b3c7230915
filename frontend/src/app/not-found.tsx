import { useTranslation } from "../lib/i18n";
import { ButtonLink } from "../ui/button-link";

/** The 404 screen: an image, general.404.title and a button home, in the domain's language. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="status-screen">
      <img src="/images/404.svg" alt="" width="320" height="220" className="status-screen__image" />
      <h1>{t("general.404.title")}</h1>
      <ButtonLink to="/">{t("general.404.btn")}</ButtonLink>
    </section>
  );
}
