import { useTranslation } from "../lib/i18n";
import { ButtonLink } from "../ui/button-link";

/** Shown for a screen whose capability has not shipped yet (never an error). */
export function ComingSoon({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  return (
    <section className="status-screen">
      <h1>{t(`routes.${routeName}`)}</h1>
      <p>{t("general.soon.text")}</p>
      <ButtonLink to="/">{t("general.404.btn")}</ButtonLink>
    </section>
  );
}
