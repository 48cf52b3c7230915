import { Link } from "../../../../ui/link";
import { rememberRedirect, type AuthStatus } from "../../../../lib/auth";
import { useLocale, useTranslation } from "../../../../lib/i18n";
import { routePath } from "../../../../lib/routes";
import { ContentImage } from "../../../../ui/content-image";
import type { LessonData } from "../types";
import { LockIcon } from "./lock-icon";
import { UnlockOffer } from "./unlock-offer";

/** A lesson the visitor may not watch: its poster with a lock, the unlock offers, and a sign-in link when signed out. */
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
      {auth === "signed-out" && (
        <p className="lesson-locked__sign-in">
          {t("lesson.locked.owner")}{" "}
          <Link to={routePath("login", locale)} onClick={() => rememberRedirect(lesson.path)}>
            {t("lesson.locked.signIn")}
          </Link>
        </p>
      )}
    </div>
  );
}
