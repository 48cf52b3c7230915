import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { api } from "../../../../lib/api";
import { useAuth } from "../../../../lib/auth";
import { ContentImage } from "../../../../ui/content-image";
import type { SaveProgress } from "../../player/progress";
import { offersResume } from "../../player/time";
import { getLessonAccess } from "../api/get-lesson-access";
import { saveProgress } from "../api/save-progress";
import { useLessonAccess } from "../hooks/use-lesson-access";
import type { LessonData } from "../types";
import { LessonPoster } from "./lesson-poster";
import { LockedLesson } from "./locked-lesson";

/** The player and its libraries (hls.js, media-chrome): a chunk of their own, loaded on the parent's Play. */
const loadPlayer = () => import("../../player/lesson-player");
const LessonPlayer = lazy(() => loadPlayer().then((module) => ({ default: module.LessonPlayer })));

/**
 * Where the video goes. The server's HTML and the first render show the poster; after hydration
 * GET /lessons/{id}/access decides between the poster with Play (owned, or a free preview for
 * anyone; with "Continue where you left off?" when the parent stopped part-way) and the locked view
 * with its unlock offers. The player loads only on Play and starts at once (the click's user
 * activation lets it play with sound).
 */
export function LessonStage({ lesson, onEnded }: { lesson: LessonData; onEnded: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const access = useLessonAccess(lesson.id, auth.status);
  const current = access.current;
  const [startMs, setStartMs] = useState<number | null>(null);
  const poster = (
    <div className="lesson-stage__poster">
      <ContentImage image={lesson.poster} eager />
    </div>
  );

  if (access.failed) {
    return (
      <div className="lesson-player__error" role="alert">
        <p className="lesson-player__error-title">{t("lesson.error.title")}</p>
        <p>{t("lesson.error.access")}</p>
        <button type="button" className="button button--primary" onClick={access.retry}>
          {t("lesson.error.retry")}
        </button>
      </div>
    );
  }
  if (!current) {
    return (
      <div aria-busy="true">
        {poster}
        <p className="visually-hidden">{t("lesson.checking")}</p>
      </div>
    );
  }
  if (current.access === "locked") return <LockedLesson lesson={lesson} auth={auth.status} />;
  if (!lesson.video) {
    return (
      <div>
        {poster}
        <p>{t("lesson.noVideo")}</p>
      </div>
    );
  }
  const onSave: SaveProgress | undefined =
    auth.status === "signed-in" ? (progress, keepalive) => void saveProgress(lesson.id, progress, api, keepalive).catch(() => undefined) : undefined;
  if (startMs === null) {
    const resumeAt = offersResume(current.positionMs, current.completed, lesson.video.durationMs) ? current.positionMs : null;
    return <LessonPoster poster={lesson.poster} resumeAt={resumeAt} onPlay={setStartMs} onIntent={() => void loadPlayer().catch(() => undefined)} />;
  }
  return (
    <Suspense fallback={poster}>
      <LessonPlayer
        startMs={startMs}
        title={lesson.title}
        video={lesson.video}
        poster={lesson.poster}
        access={current}
        refreshAccess={() => getLessonAccess(lesson.id).then((answer) => answer.data)}
        onSave={onSave}
        onEnded={onEnded}
      />
    </Suspense>
  );
}
