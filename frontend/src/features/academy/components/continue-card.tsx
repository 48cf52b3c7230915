import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../ui/link";
import { ContentImage } from "../../../ui/content-image";
import type { ContinueAt } from "../types";
import { percentWatched } from "../utils/course-view";

/** "Continue where you left off": the lesson, its poster and how far the parent got. */
export function ContinueCard({ at }: { at: ContinueAt }) {
  const { t } = useTranslation();
  const percent = percentWatched(at.positionMs, at.durationMs);
  return (
    <section className="continue-card" aria-labelledby="continue-card-title">
      <ContentImage className="continue-card__poster" image={at.poster} />
      <div className="continue-card__body">
        <h2 id="continue-card-title" className="continue-card__title">
          {t("academy.continue.title")}
        </h2>
        <p className="continue-card__lesson">{at.title}</p>
        <p className="continue-card__watched">{percent > 0 ? t("academy.continue.watched", { percent }) : t("academy.continue.next")}</p>
        <Link className="button button--primary" to={at.path}>
          {t("academy.continue.watch", { title: at.title })}
        </Link>
      </div>
    </section>
  );
}
