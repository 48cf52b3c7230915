import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../ui/link";
import { ContentImage } from "../../../ui/content-image";
import { Duration } from "../../../ui/duration";
import type { AcademyItemBlockData, ChildCoursesBlockData, LevelCard } from "../types";
import { FreeBadges } from "./lesson-item";
import { OfferPrice } from "./unlock-offer";

/**
 * The academy-item block: a course card (filled at publish time) with its lessons, their length, the
 * bundle's price and saving, and a link to the course. A course that is not published shows nothing.
 */
export function AcademyItemBlock({ block }: { block: AcademyItemBlockData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const course = block.entry;
  if (!course) return null;
  return (
    <section className="block block-academy-item" aria-labelledby={headingId}>
      <article className="course-card">
        <ContentImage className="course-card__image" image={course.image} />
        <div className="course-card__body">
          <h2 id={headingId} className="course-card__title">
            {course.title}
          </h2>
          <p className="course-card__intro">{course.intro}</p>
          <p className="course-card__facts">
            {t("academy.levels", { count: course.levelCount })} · {t("academy.lessons", { count: course.lessonCount })}
            {course.durationMs === null ? null : (
              <>
                {" · "}
                <Duration ms={course.durationMs} />
              </>
            )}
          </p>
          <p className="course-card__price">
            {t("academy.offer.bundle")} <OfferPrice offer={course.bundle} />
          </p>
          <Link className="button button--primary" to={course.path}>
            {t("academy.card.view", { title: course.title })}
          </Link>
        </div>
      </article>
    </section>
  );
}

function LevelCardItem({ level }: { level: LevelCard }) {
  const { t } = useTranslation();
  return (
    <li className="level-card">
      <h3 className="level-card__title">
        <Link to={level.path}>{t("academy.level.title", { number: level.number, title: level.title })}</Link>
      </h3>
      <p className="level-card__facts">
        {t("academy.lessons", { count: level.lessonCount })}
        {level.durationMs === null ? null : (
          <>
            {" · "}
            <Duration ms={level.durationMs} />
          </>
        )}
      </p>
      <p className="level-card__description">{level.description}</p>
      <FreeBadges freeWithSuit={level.freeWithSuit} />
      <p className="level-card__price">
        <OfferPrice offer={level.offer} />
      </p>
    </li>
  );
}

/** The child-courses block: a card per level (filled at publish time), each linking to its part of the course page. */
export function ChildCoursesBlock({ block }: { block: ChildCoursesBlockData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const levels = block.entries ?? [];
  if (levels.length === 0) return null;
  return (
    <section className="block block-child-courses" aria-labelledby={headingId}>
      <h2 id={headingId} className="block-child-courses__title">
        {block.title ?? t("academy.card.levels")}
      </h2>
      <ul className="level-cards">
        {levels.map((level) => (
          <LevelCardItem key={level.id} level={level} />
        ))}
      </ul>
    </section>
  );
}
