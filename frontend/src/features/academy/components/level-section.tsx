import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Duration } from "../../../ui/duration";
import type { ImageData } from "../../../ui/rich-text-types";
import type { LevelView } from "../utils/course-view";
import { FreeBadges, LessonItem } from "./lesson-item";
import { UnlockOffer } from "./unlock-offer";

/** The anchor of a level on the course page (the child-courses cards link to it). */
export const levelAnchor = (number: number) => `level-${number}`;

type Props = { level: LevelView; courseTitle: string; image: ImageData };

/** A level: its title, lesson count and length, the parent's progress, its unlock button and its lessons. */
export function LevelSection({ level, courseTitle, image }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const progressId = useId();
  return (
    <section id={levelAnchor(level.number)} className="level-section" aria-labelledby={headingId} tabIndex={-1}>
      <div className="level-section__head">
        <div>
          <h2 id={headingId} className="level-section__title">
            {t("academy.level.title", { number: level.number, title: level.title })}
          </h2>
          <p className="level-section__facts">
            {t("academy.lessons", { count: level.lessonCount })}
            {level.durationMs === null ? null : (
              <>
                {" · "}
                <Duration ms={level.durationMs} />
              </>
            )}
          </p>
          <p className="level-section__description">{level.description}</p>
          <FreeBadges freeWithSuit={level.freeWithSuit} />
          {level.completedLessons !== null ? (
            <div className="level-section__progress">
              <label htmlFor={progressId}>{t("academy.level.progress", { done: level.completedLessons, count: level.lessonCount })}</label>
              <progress id={progressId} max={level.lessonCount} value={level.completedLessons} />
            </div>
          ) : null}
        </div>
        <UnlockOffer
          offer={level.offer}
          label={t("academy.offer.unlockLevel", { number: level.number })}
          title={`${courseTitle} \u2013 ${t("academy.level.title", { number: level.number, title: level.title })}`}
          image={image}
        />
      </div>
      <ol className="lesson-list" aria-label={t("academy.level.lessons", { number: level.number })}>
        {level.lessons.map((lesson) => (
          <LessonItem key={lesson.id} lesson={lesson} courseTitle={courseTitle} />
        ))}
      </ol>
    </section>
  );
}
