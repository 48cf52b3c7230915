import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../ui/link";
import { Duration } from "../../../ui/duration";
import { Icon, type IconName } from "../../../ui/icon";
import type { LessonAccess } from "../../../lib/vocabulary";
import type { LessonView } from "../utils/course-view";
import { UnlockOffer } from "./unlock-offer";

const ACCESS_ICONS: Record<LessonAccess, IconName> = { owned: "mdi:lock-open-variant", preview: "mdi:play-circle", locked: "mdi:lock" };

/** "Free preview" and "Free with every float suit": what a lesson costs nobody, or a suit's buyer. */
export function FreeBadges({ freePreview, freeWithSuit }: { freePreview?: boolean; freeWithSuit: boolean }) {
  const { t } = useTranslation();
  if (!freePreview && !freeWithSuit) return null;
  return (
    <p className="academy-badges">
      {freePreview ? (
        <span className="academy-badge academy-badge--preview">
          <Icon name="mdi:play-circle" size={16} />
          {t("academy.badges.freePreview")}
        </span>
      ) : null}
      {freeWithSuit ? (
        <span className="academy-badge academy-badge--suit">
          <Icon name="mdi:gift" size={16} />
          {t("academy.badges.freeWithSuit")}
        </span>
      ) : null}
    </p>
  );
}

/**
 * One lesson of a level: number, title (a link to the lesson page), its video's length, description, its
 * badges, whether it can be watched (icon and words, never colour alone), and its unlock button
 * while it is locked.
 */
export function LessonItem({ lesson, courseTitle }: { lesson: LessonView; courseTitle: string }) {
  const { t } = useTranslation();
  return (
    <li className={`lesson-item lesson-item--${lesson.access}`} data-lesson-id={lesson.id}>
      <span className="lesson-item__number" aria-hidden="true">
        {lesson.number}
      </span>
      <div className="lesson-item__body">
        <h3 className="lesson-item__title">
          <Link to={lesson.path}>
            <span className="visually-hidden">{t("academy.lesson.number", { number: lesson.number })} </span>
            <span className="lesson-item__name">{lesson.title}</span>
          </Link>
        </h3>
        <p className="lesson-item__facts">
          {lesson.durationMs === null ? null : (
            <span className="lesson-item__duration">
              <Icon name="mdi:clock-outline" size={16} />
              <Duration ms={lesson.durationMs} />
            </span>
          )}
          <span className={`lesson-item__access lesson-item__access--${lesson.access}`}>
            <Icon name={ACCESS_ICONS[lesson.access]} size={16} />
            {t(`academy.access.${lesson.access}`)}
          </span>
          {lesson.completed ? (
            <span className="lesson-item__done">
              <Icon name="mdi:check-circle" size={16} />
              {t("academy.lesson.done")}
            </span>
          ) : null}
        </p>
        <p className="lesson-item__description">{lesson.description}</p>
        <FreeBadges freePreview={lesson.freePreview} freeWithSuit={lesson.freeWithSuit} />
      </div>
      {lesson.access === "locked" ? (
        <UnlockOffer
          offer={lesson.offer}
          label={t("academy.offer.unlockLesson", { title: lesson.title })}
          title={`${courseTitle} \u2013 ${lesson.title}`}
          image={lesson.poster}
        />
      ) : null}
    </li>
  );
}
