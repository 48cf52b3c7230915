import { Suspense } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../ui/link";
import { rememberRedirect } from "../../../lib/auth";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { routePath, setPasswordPath } from "../../../lib/routes";
import { Duration } from "../../../ui/duration";
import { RichText } from "../../../ui/rich-text";
import { useCourseView, type OwnerHint } from "../hooks/use-course-view";
import type { CourseData } from "../types";
import { ContinueCard } from "./continue-card";
import { levelAnchor, LevelSection } from "./level-section";
import { UnlockOffer } from "./unlock-offer";

/**
 * A signed-out visitor who may own lessons is told so before any unlock button: sign in (and come
 * back here), or — a guest's order made an account without a password — set the password first.
 * On the device that paid a guest's order, its lessons play already: the same ways on, to watch
 * anywhere and to pay only for the rest. Until the session (and the device's view) is known it
 * holds its place unseen, so the hero image below it does not move.
 */
function OwnersNote({ hint }: { hint: Exclude<OwnerHint, "none"> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const pending = hint === "pending";
  const tabIndex = pending ? -1 : undefined;
  const login = (text: string) => (
    <Link to={routePath("login", locale)} onClick={() => rememberRedirect(pathname)} tabIndex={tabIndex}>
      {text}
    </Link>
  );
  const setPassword = (
    <Link to={setPasswordPath(locale)} tabIndex={tabIndex}>
      {t("academy.course.setPassword")}
    </Link>
  );
  return (
    <p className="course-hero__sign-in" style={pending ? { visibility: "hidden" } : undefined} aria-hidden={pending || undefined}>
      {hint === "device" ? (
        <>
          {t("academy.course.device")} {login(t("academy.course.logIn"))} · {setPassword}
        </>
      ) : (
        <>
          {t("academy.course.owners")} {login(t("academy.course.signIn"))} {t("academy.course.guest")} {setPassword}
        </>
      )}
    </p>
  );
}

/**
 * A course's page (published with `payload.course`): the hero with the bundle, the description,
 * and each level with its lessons. After hydration a signed-in parent sees their own prices,
 * what they own, their progress and where to continue.
 */
export function CoursePage({ course }: { course: CourseData }) {
  const { t } = useTranslation();
  const view = useCourseView(course);
  return (
    <article className="course-page">
      <header className="course-hero">
        <div className="course-hero__text">
          <p className="course-hero__eyebrow">{t("academy.course.eyebrow")}</p>
          <h1 className="course-hero__title">{course.title}</h1>
          <p className="course-hero__intro">{course.intro}</p>
          <p className="course-hero__facts">
            {t("academy.levels", { count: course.levels.length })} · {t("academy.lessons", { count: course.lessonCount })}
            {course.durationMs === null ? null : (
              <>
                {" · "}
                <Duration ms={course.durationMs} />
              </>
            )}
          </p>
          {view.hint === "none" ? null : <OwnersNote hint={view.hint} />}
          <UnlockOffer offer={view.bundle} label={t("academy.offer.unlockBundle")} title={course.title} image={course.image} />
        </div>
        <img
          className="course-hero__image"
          src={course.image.src}
          alt={course.image.alt}
          width={course.image.width}
          height={course.image.height}
          sizes="(min-width: 60rem) 50vw, 100vw"
          fetchPriority="high"
          decoding="async"
        />
      </header>
      {view.continueAt ? <ContinueCard at={view.continueAt} /> : null}
      <section className="course-page__description" aria-label={t("academy.course.description")}>
        <RichText nodes={course.description} />
      </section>
      <nav className="course-page__levels-nav" aria-label={t("academy.course.levels")}>
        <ol>
          {view.levels.map((level) => (
            <li key={level.id}>
              <a href={`#${levelAnchor(level.number)}`}>{t("academy.level.title", { number: level.number, title: level.title })}</a>
            </li>
          ))}
        </ol>
      </nav>
      {view.levels.map((level) => (
        // A boundary per level: hydrated in short interruptible tasks, not one long one.
        <Suspense key={level.id} fallback={null}>
          <LevelSection level={level} courseTitle={course.title} image={course.image} />
        </Suspense>
      ))}
    </article>
  );
}
