import { useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { Duration } from "../../../../ui/duration";
import { Link } from "../../../../ui/link";
import type { LessonData } from "../types";
import { LessonComplete } from "./lesson-complete";
import { LessonStage } from "./lesson-stage";

/**
 * A lesson's page (published with `payload.lesson`): the way back to its course and level, title,
 * level and its video's length, the player (or the locked view), "Lesson complete" at the end, the
 * description, and the previous and next lessons.
 */
export function LessonPage({ lesson }: { lesson: LessonData }) {
  const { t } = useTranslation();
  const [complete, setComplete] = useState(false);
  const levelPath = `${lesson.course.path}#level-${lesson.level.number}`;
  return (
    <article className="lesson-page">
      <nav className="lesson-page__breadcrumb" aria-label={t("lesson.breadcrumb")}>
        <ol>
          <li>
            <Link to={lesson.course.path}>{lesson.course.title}</Link>
          </li>
          <li>
            <Link to={levelPath}>{t("lesson.level", { number: lesson.level.number, title: lesson.level.title })}</Link>
          </li>
          <li aria-current="page">{lesson.title}</li>
        </ol>
      </nav>
      <header className="lesson-page__header">
        <h1 className="lesson-page__title">{lesson.title}</h1>
        <p className="lesson-page__meta">
          <span>{t("lesson.number", { number: lesson.number, level: lesson.level.number })}</span>
          {lesson.durationMs === null ? null : (
            <span>
              <Duration ms={lesson.durationMs} />
            </span>
          )}
          {lesson.freePreview && <span className="lesson-page__badge">{t("lesson.freePreview")}</span>}
          {lesson.freeWithSuit && <span className="lesson-page__badge">{t("lesson.freeWithSuit")}</span>}
        </p>
      </header>
      <section className="lesson-stage" aria-label={t("lesson.player", { title: lesson.title })}>
        <LessonStage key={lesson.id} lesson={lesson} onEnded={() => setComplete(true)} />
      </section>
      {complete && <LessonComplete lesson={lesson} />}
      <p className="lesson-page__description">{lesson.description}</p>
      {(lesson.previous || lesson.next) && (
        <nav className="lesson-page__pager" aria-label={t("lesson.pager")}>
          {lesson.previous && (
            <Link className="lesson-page__previous" to={lesson.previous.path} rel="prev">
              <span>{t("lesson.previous")}</span> {lesson.previous.title}
            </Link>
          )}
          {lesson.next && (
            <Link className="lesson-page__next" to={lesson.next.path} rel="next">
              <span>{t("lesson.next")}</span> {lesson.next.title}
            </Link>
          )}
        </nav>
      )}
    </article>
  );
}
