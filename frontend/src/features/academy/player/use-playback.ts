/**
 * What the player does with the video's events: the remembered speed, the signed-in parent's
 * position (progress.ts decides when) and the end. Bound again for each new <video> (`attempt`).
 */
import { useEffect, useRef, type RefObject } from "react";
import { readRate, rememberRate } from "./playback-rate";
import { createProgressSaver, type SaveProgress } from "./progress";

export type PlaybackHandlers = {
  /** Saves the position (signed-in parents only). */
  onSave?: SaveProgress;
  onEnded: () => void;
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function usePlayback(videoRef: RefObject<HTMLVideoElement | null>, attempt: number, durationMs: number, handlers: PlaybackHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const saver = createProgressSaver((progress, keepalive) => latest.current.onSave?.(progress, keepalive));
    const ms = () => video.currentTime * 1000;
    const applyRate = () => {
      const rate = readRate(storage());
      video.defaultPlaybackRate = rate;
      video.playbackRate = rate;
    };
    const end = () => {
      saver.ended(Math.max(ms(), durationMs));
      latest.current.onEnded();
    };
    const listeners: [EventTarget, string, () => void][] = [
      [video, "loadedmetadata", applyRate],
      [video, "ratechange", () => rememberRate(storage(), video.playbackRate)],
      [video, "timeupdate", () => !video.paused && saver.playing(ms())],
      [video, "pause", () => !video.ended && saver.paused(ms())],
      [video, "ended", end],
      [document, "visibilitychange", () => document.visibilityState === "hidden" && saver.hidden(ms())],
      [window, "pagehide", () => saver.hidden(ms())],
    ];
    applyRate();
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [videoRef, attempt, durationMs]);
}
