/**
 * The lesson's video player — its own chunk, loaded only on a lesson page that may play: media-chrome's
 * controls (play, seek, time, mute and volume, captions and speed menus, fullscreen, and its
 * keyboard shortcuts: space/k, arrows, f, m, c) around a <video> fed by hls.js. Captions in all six
 * languages, the page's showing; the speed remembered; a poster until play; the position saved for
 * a signed-in parent and offered back ("Continue at 1:23"); an error state with a retry.
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
import { useTranslation } from "react-i18next";
import { config } from "../../../lib/config";
import type { ImageData } from "../../../ui/rich-text-types";
import type { LessonAccessData, LessonVideo } from "../lesson/types";
import { attachSource, type SourceFailure } from "./hls-source";
import { createKeyTokens, type KeyToken } from "./key-tokens";
import { mediaChromeDictionary } from "./media-texts";
import { PLAYBACK_RATES, readRate, rememberRate } from "./playback-rate";
import { createProgressSaver, type SaveProgress } from "./progress";
import { formatPosition, offersResume } from "./time";

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
};

const tokenOf = (access: LessonAccessData): KeyToken | null => (access.keyToken ? { token: access.keyToken, expiresAt: access.expiresAt } : null);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function LessonPlayer({ title, video, poster, access, refreshAccess, onSave, onEnded }: LessonPlayerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [texts] = useState(() => {
    // Before the first control renders: media-chrome reads its texts when an element starts.
    addTranslation(locale, mediaChromeDictionary(t));
    setLanguage(locale);
    return locale;
  });
  const videoRef = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<SourceFailure | null>(null);
  const [resumeAt, setResumeAt] = useState(offersResume(access.positionMs, access.completed) ? access.positionMs : null);
  // The latest callbacks, and the access answer the player started with (its token serves the
  // first attempt; "Try again" fetches a fresh one).
  const first = useRef(access);
  const latest = useRef({ onSave, onEnded, refreshAccess });
  useEffect(() => {
    latest.current = { onSave, onEnded, refreshAccess };
  });

  // The source: hls.js with the key token; again on "Try again".
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    let detach: (() => void) | null = null;
    let gone = false;
    const fetchToken = () => latest.current.refreshAccess().then(tokenOf);
    const token = attempt === 0 ? Promise.resolve(tokenOf(first.current)) : fetchToken();
    token
      .then(async (initial) => {
        if (gone) return;
        if (!initial) return setFailure("load");
        const tokens = createKeyTokens(initial, fetchToken);
        const apiBase = `${config.apiBaseURL}${config.apiPrefix}`;
        const stop = await attachSource({ video: element, master: video.master, tokens, apiBase, onFailure: setFailure });
        if (gone) stop();
        else detach = stop;
      })
      .catch(() => setFailure("load"));
    return () => {
      gone = true;
      detach?.();
    };
  }, [attempt, video.master]);

  // Speed, progress and the end.
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const saver = createProgressSaver((progress, keepalive) => latest.current.onSave?.(progress, keepalive));
    const ms = () => element.currentTime * 1000;
    const applyRate = () => {
      const rate = readRate(storage());
      element.defaultPlaybackRate = rate;
      element.playbackRate = rate;
    };
    const listeners: [EventTarget, string, () => void][] = [
      [element, "loadedmetadata", applyRate],
      [element, "ratechange", () => rememberRate(storage(), element.playbackRate)],
      [element, "play", () => setResumeAt(null)],
      [element, "timeupdate", () => !element.paused && saver.playing(ms())],
      [element, "pause", () => !element.ended && saver.paused(ms())],
      [
        element,
        "ended",
        () => {
          saver.ended(Math.max(ms(), video.durationMs));
          latest.current.onEnded();
        },
      ],
      [document, "visibilitychange", () => document.visibilityState === "hidden" && saver.hidden(ms())],
      [window, "pagehide", () => saver.hidden(ms())],
    ];
    applyRate();
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [attempt, video.durationMs]);

  const resume = (positionMs: number) => {
    const element = videoRef.current;
    setResumeAt(null);
    if (!element) return;
    element.currentTime = positionMs / 1000;
    element.play()?.catch(() => undefined); // a refused autoplay leaves the play button to the parent
  };

  if (failure) {
    return (
      <div className="lesson-player__error" role="alert">
        <p className="lesson-player__error-title">{t("lesson.error.title")}</p>
        <p>{failure === "unsupported" ? t("lesson.error.unsupported") : t("lesson.error.load")}</p>
        {failure === "load" && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setFailure(null);
              setAttempt((count) => count + 1);
            }}
          >
            {t("lesson.error.retry")}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="lesson-player">
      {resumeAt !== null && (
        <div className="lesson-player__resume" role="group" aria-label={t("lesson.resume.question")}>
          <p>{t("lesson.resume.question")}</p>
          <button type="button" className="button button--primary" onClick={() => resume(resumeAt)}>
            {t("lesson.resume.continue", { time: formatPosition(resumeAt) })}
          </button>
          <button type="button" className="button button--secondary" onClick={() => resume(0)}>
            {t("lesson.resume.restart")}
          </button>
        </div>
      )}
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
        <MediaControlBar>
          <MediaPlayButton />
          <MediaTimeRange />
          <MediaTimeDisplay showDuration />
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
