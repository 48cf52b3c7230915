import { useState } from "react";
import { Link } from "../../../ui/link";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { useLiveRead } from "../../../lib/live-read";
import { pagePaths } from "../../../lib/pages/page-paths";
import { ButtonLink } from "../../../ui/button-link";
import { getMyLessons, type MyCourse } from "../api/get-my-lessons";
import { ProfileSection } from "./section";

/** The academy's page (editors own its slug; "academy" in every language as seeded). */
const academy = pagePaths("academy", () => "/academy");

function CourseProgress({ course }: { course: MyCourse }) {
  const { t } = useTranslation();
  const next = course.continue;
  return (
    <li className="my-lessons__course">
      <h3 className="my-lessons__title">
        <Link to={course.path}>{course.title}</Link>
      </h3>
      <p className="my-lessons__counts">
        {t("profile.lessons.owned", { owned: course.ownedLessons, count: course.lessonCount })} ·{" "}
        {t("profile.lessons.completed", { count: course.completedLessons })}
      </p>
      {next ? (
        <p className="my-lessons__continue">
          {t("profile.lessons.continue")}{" "}
          <Link className="button button--secondary" to={next.path}>
            {next.title}
          </Link>
        </p>
      ) : null}
    </li>
  );
}

/** "My lessons": per course what the parent owns and completed, and where to continue; else the way to the academy. */
export function LessonsSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const academyPath = academy.usePath(useLocale());
  const [attempt, setAttempt] = useState(0);
  const read = useLiveRead(`${userId}:${attempt}`, (signal) => getMyLessons(undefined, signal));
  const courses = read.current?.data.courses;
  let content;
  if (read.failed) {
    content = (
      <div role="alert">
        <p>{t("profile.lessons.failed")}</p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((current) => current + 1)}>
          {t("profile.lessons.retry")}
        </button>
      </div>
    );
  } else if (!courses) {
    content = <div className="my-lessons my-lessons--loading" aria-busy="true" aria-label={t("profile.lessons.loading")} />;
  } else if (courses.length === 0) {
    content = (
      <div className="my-lessons__empty">
        <p>{t("profile.lessons.empty")}</p>
        <ButtonLink to={academyPath}>{t("profile.lessons.toAcademy")}</ButtonLink>
      </div>
    );
  } else {
    content = (
      <ul className="my-lessons">
        {courses.map((course) => (
          <CourseProgress key={course.courseId} course={course} />
        ))}
      </ul>
    );
  }
  return (
    <ProfileSection title={t("profile.lessons.title")} className="profile-section--lessons">
      {content}
    </ProfileSection>
  );
}
