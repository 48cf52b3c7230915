/**
 * The lesson's video player — its own chunk, loaded only on a lesson page that may play: media-chrome's
 * controls (play, seek, time, mute and volume, captions and speed menus, fullscreen, and its
 * keyboard shortcuts: space/k, arrows, f, m, c) around a <video> fed by hls.js, sized for a finger
 * (lesson.css: 44 px targets, the scrub bar on a row of its own, no volume slider on a touch screen).
 * Captions in all six languages, the page's showing; the speed remembered; the position saved for a
 * signed-in parent; an error state with a retry. It loads when the parent pressed Play on the poster
 * (or chose where to continue) and starts playing there as soon as the video's metadata is in.
 */
import "media-chrome";
import "media-chrome/menu";
import { addTranslation, setLanguage } from "media-chrome/dist/utils/i18n.js";
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaMuteButton,
  MediaPlayButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from "media-chrome/react";
import { MediaCaptionsMenu, MediaCaptionsMenuButton, MediaPlaybackRateMenu, MediaPlaybackRateMenuButton } from "media-chrome/react/menu";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { ImageData } from "../../../ui/rich-text-types";
import type { LessonAccessData, LessonVideo } from "../lesson/types";
import { mediaChromeDictionary } from "./media-texts";
import { PLAYBACK_RATES } from "./playback-rate";
import type { SaveProgress } from "./progress";
import { useHlsSource } from "./use-hls-source";
import { usePlayback } from "./use-playback";

export type LessonPlayerProps = {
  title: string;
  video: LessonVideo;
  poster: ImageData;
  /** The access answer that let the player load (it has a key token). */
  access: LessonAccessData;
  /** GET /lessons/{id}/access again: a fresh key token. */
  refreshAccess: () => Promise<LessonAccessData>;
  /** Saves the position (signed-in parents only; absent for guests). */
  onSave?: SaveProgress;
  onEnded: () => void;
  /** Where to start playing (ms): the parent's choice on the poster. */
  startMs: number;
};

export function LessonPlayer({ title, video, poster, access, refreshAccess, onSave, onEnded, startMs }: LessonPlayerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [texts] = useState(() => {
    // Before the first control renders: media-chrome reads its texts when an element starts.
    addTranslation(locale, mediaChromeDictionary(t));
    setLanguage(locale);
    return locale;
  });
  const videoRef = useRef<HTMLVideoElement>(null);
  const { failure, attempt, retry } = useHlsSource(videoRef, video.master, access, refreshAccess);
  usePlayback(videoRef, attempt, video.durationMs, { onSave, onEnded });
  const start = useRef(startMs);

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    // Once the source is attached and its metadata in (playing earlier would be aborted by the attach).
    const play = () => {
      element.currentTime = start.current / 1000;
      element.play()?.catch(() => undefined); // a refused autoplay leaves the play button to the parent
    };
    element.addEventListener("loadedmetadata", play, { once: true });
    return () => element.removeEventListener("loadedmetadata", play);
  }, []);

  if (failure) {
    return (
      <div className="lesson-player__error" role="alert">
        <p className="lesson-player__error-title">{t("lesson.error.title")}</p>
        <p>{failure === "unsupported" ? t("lesson.error.unsupported") : t("lesson.error.load")}</p>
        {failure === "load" && (
          <button type="button" className="button button--primary" onClick={retry}>
            {t("lesson.error.retry")}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="lesson-player">
      <MediaController lang={texts} className="lesson-player__controller" style={{ aspectRatio: `${video.width} / ${video.height}` }}>
        <video
          slot="media"
          ref={videoRef}
          poster={poster.src}
          crossOrigin="anonymous"
          playsInline
          preload="metadata"
          aria-label={title}
        >
          {video.captions.map((caption) => (
            <track key={caption.locale} kind="captions" srcLang={caption.locale} label={caption.label} src={caption.src} default={caption.locale === locale} />
          ))}
        </video>
        <MediaCaptionsMenu hidden anchor="auto" />
        <MediaPlaybackRateMenu hidden anchor="auto" rates={PLAYBACK_RATES} />
        {/* Two rows: the scrub bar gets the player's full width, even on a 320 px phone. */}
        <MediaControlBar className="lesson-player__timeline">
          <MediaTimeRange />
          <MediaTimeDisplay showDuration />
        </MediaControlBar>
        <MediaControlBar className="lesson-player__buttons">
          <MediaPlayButton />
          <MediaMuteButton />
          <MediaVolumeRange />
          <MediaCaptionsMenuButton />
          <MediaPlaybackRateMenuButton />
          <MediaFullscreenButton />
        </MediaControlBar>
      </MediaController>
    </div>
  );
}
