import { Link } from "../../../../ui/link";
import { rememberRedirect, type AuthStatus } from "../../../../lib/auth";
import { useLocale, useTranslation } from "../../../../lib/i18n";
import { routePath, setPasswordPath } from "../../../../lib/routes";
import { ContentImage } from "../../../../ui/content-image";
import type { LessonData } from "../types";
import { LockIcon } from "./lock-icon";
import { UnlockOffer } from "./unlock-offer";

/**
 * A lesson the visitor may not watch: its poster with a lock, and — signed out, before the unlock
 * offers — that an owner signs in, or sets the password a guest's order left unset; then the offers.
 */
export function LockedLesson({ lesson, auth }: { lesson: LessonData; auth: AuthStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const added = { title: lesson.course.title, image: lesson.poster };
  return (
    <div className="lesson-locked">
      <div className="lesson-stage__poster">
        <ContentImage image={lesson.poster} eager />
        <p className="lesson-locked__badge">
          <LockIcon />
          {t("lesson.locked.title")}
        </p>
      </div>
      <p>{t("lesson.locked.text")}</p>
      {auth === "signed-out" && (
        <p className="lesson-locked__sign-in">
          {t("lesson.locked.owner")}{" "}
          <Link to={routePath("login", locale)} onClick={() => rememberRedirect(lesson.path)}>
            {t("lesson.locked.signIn")}
          </Link>{" "}
          {t("lesson.locked.guest")} <Link to={setPasswordPath(locale)}>{t("lesson.locked.setPassword")}</Link>
        </p>
      )}
      <div className="lesson-locked__offers">
        <UnlockOffer
          offer={lesson.offer}
          label={t("lesson.offer.lesson")}
          action={(price) => t("lesson.offer.unlockLesson", { price })}
          added={{ ...added, title: `${lesson.course.title} – ${lesson.title}` }} />
        <UnlockOffer
          offer={lesson.level.offer}
          label={t("lesson.offer.level", { number: lesson.level.number })}
          action={(price) => t("lesson.offer.unlockLevel", { number: lesson.level.number, price })}
          added={{ ...added, title: `${lesson.course.title} – ${lesson.level.title}` }}
        />
      </div>
    </div>
  );
}
