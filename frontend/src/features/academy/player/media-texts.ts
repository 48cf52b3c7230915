/**
 * media-chrome's control labels (tooltips and accessible names) in the page's language, from our
 * own UI texts (`lesson.controls.*`): media-chrome ships no Dutch or Swedish, and the player's
 * words should be the shop's in every language. Its own texts stand for anything not listed.
 */
import type { TFunction } from "i18next";

/** media-chrome's text → our key under lesson.controls (its lower-case variants are its aria-labels). */
export const MEDIA_CHROME_TEXTS: Record<string, string> = {
  Play: "play",
  play: "play",
  Pause: "pause",
  pause: "pause",
  Mute: "mute",
  mute: "mute",
  Unmute: "unmute",
  unmute: "unmute",
  Captions: "captions",
  "closed captions": "captions",
  "Enable captions": "captionsOn",
  "Disable captions": "captionsOff",
  Off: "off",
  "Enter fullscreen mode": "fullscreen",
  "enter fullscreen mode": "fullscreen",
  "Exit fullscreen mode": "exitFullscreen",
  "exit fullscreen mode": "exitFullscreen",
  "Playback rate": "speed",
  "current playback rate": "speed",
  "Playback rate {playbackRate}": "speedIs",
  "video player": "videoPlayer",
  volume: "volume",
  seek: "seek",
  "playback time": "playbackTime",
  "{currentTime} of {totalTime}": "timeOf",
  "video not loaded, unknown time.": "timeUnknown",
  "{time} remaining": "remaining",
  "media loading": "loading",
  hour: "hour",
  hours: "hours",
  minute: "minute",
  minutes: "minutes",
  second: "second",
  seconds: "seconds",
};

/** The dictionary media-chrome's addTranslation takes, in `t`'s language. */
export function mediaChromeDictionary(t: TFunction): Record<string, string> {
  return Object.fromEntries(Object.entries(MEDIA_CHROME_TEXTS).map(([text, key]) => [text, t(`lesson.controls.${key}`)]));
}
