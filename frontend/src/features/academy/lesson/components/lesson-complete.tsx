import { useEffect, useRef } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { Link } from "../../../../ui/link";
import type { LessonData } from "../types";

/**
 * "Lesson complete" at the end of the video, with the next lesson (focused, so a keyboard user
 * goes on with Enter) or, after the last one, the way back to the course. A locked next lesson
 * shows its unlock offers on its own page.
 */
export function LessonComplete({ lesson }: { lesson: LessonData }) {
  const { t } = useTranslation();
  const next = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    next.current?.focus();
  }, []);
  return (
    <section className="lesson-complete" aria-labelledby="lesson-complete-title">
      <h2 id="lesson-complete-title" className="lesson-complete__title">
        {t("lesson.complete.title")}
      </h2>
      {lesson.next ? (
        <Link ref={next} className="button button--primary" to={lesson.next.path}>
          {t("lesson.complete.next", { title: lesson.next.title })}
        </Link>
      ) : (
        <>
          <p>{t("lesson.complete.last")}</p>
          <Link ref={next} className="button button--primary" to={lesson.course.path}>
            {t("lesson.complete.toCourse", { title: lesson.course.title })}
          </Link>
        </>
      )}
    </section>
  );
}
