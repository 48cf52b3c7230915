import { useTranslation } from "../../../../lib/i18n";
import { ContentImage } from "../../../../ui/content-image";
import type { ImageData } from "../../../../ui/rich-text-types";
import { formatPosition } from "../../player/time";

type Props = {
  poster: ImageData;
  /** Where the parent stopped, when the lesson offers to continue there ("Continue at 1:23"). */
  resumeAt: number | null;
  /** The parent's choice: play from this position (ms). */
  onPlay: (startMs: number) => void;
  /** Hover or focus on a button: the player's chunk may start loading. */
  onIntent: () => void;
};

/**
 * The lesson before the player loads: the poster with a Play button and, when the parent stopped
 * part-way, the question where to start. The player (hls.js, media-chrome) loads on the choice.
 */
export function LessonPoster({ poster, resumeAt, onPlay, onIntent }: Props) {
  const { t } = useTranslation();
  const intent = { onPointerEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent };
  return (
    <>
      {resumeAt !== null && (
        <div className="lesson-player__resume" role="group" aria-label={t("lesson.resume.question")}>
          <p>{t("lesson.resume.question")}</p>
          <button type="button" className="button button--primary" onClick={() => onPlay(resumeAt)} {...intent}>
            {t("lesson.resume.continue", { time: formatPosition(resumeAt) })}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onPlay(0)} {...intent}>
            {t("lesson.resume.restart")}
          </button>
        </div>
      )}
      <div className="lesson-stage__poster">
        <ContentImage image={poster} eager />
        <button type="button" className="lesson-stage__play" aria-label={t("lesson.controls.play")} onClick={() => onPlay(0)} {...intent}>
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
      </div>
    </>
  );
}
