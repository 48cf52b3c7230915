import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createI18n, type Locale } from "../../../lib/i18n";
import en from "../../../locales/en.json";
import nl from "../../../locales/nl.json";
import { accessFixture, lessonFixture } from "../../../testing/lesson";
import type { LessonAccessData } from "../lesson/types";
import { LessonPlayer, type LessonPlayerProps } from "./lesson-player";
import { RATE_STORAGE_KEY } from "./playback-rate";
import { FakeHls, fakeXhr, keyConfig } from "../../../testing/hls";

vi.mock("hls.js", async () => ({ default: (await import("../../../testing/hls")).FakeHls }));

// The page waits for the access call and lazy chunks: on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5000 });

const lesson = lessonFixture();
const video = lesson.video!;

function renderPlayer(overrides: Partial<LessonPlayerProps> = {}, locale: Locale = "en") {
  const props: LessonPlayerProps = {
    title: lesson.title,
    video,
    poster: lesson.poster,
    access: accessFixture(),
    refreshAccess: vi.fn(async () => accessFixture({ keyToken: "fresh.key.token" })),
    onEnded: vi.fn(),
    startMs: 0,
    ...overrides,
  };
  const view = render(
    <I18nextProvider i18n={createI18n(locale, locale === "nl" ? nl : en)}>
      <LessonPlayer {...props} />
    </I18nextProvider>,
  );
  return { ...view, props, element: view.container.querySelector("video") as HTMLVideoElement };
}

/** The video's clock, which jsdom does not run. */
function at(element: HTMLVideoElement, seconds: number, paused: boolean) {
  Object.defineProperty(element, "paused", { configurable: true, get: () => paused });
  element.currentTime = seconds;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  FakeHls.reset();
  vi.useRealTimers();
});

describe("LessonPlayer", () => {
  test("a video with its poster and captions in six languages, the page's language the default", async () => {
    const { element } = renderPlayer({}, "nl");
    const tracks = [...element.querySelectorAll("track")];
    expect(tracks.map((track) => [track.srclang, track.label, track.kind])).toEqual([
      ["nl", "Nederlands", "captions"],
      ["en", "English", "captions"],
      ["de", "Deutsch", "captions"],
      ["es", "Español", "captions"],
      ["fr", "Français", "captions"],
      ["sv", "Svenska", "captions"],
    ]);
    expect(tracks.filter((track) => track.default).map((track) => track.srclang)).toEqual(["nl"]);
    expect(element.getAttribute("poster")).toBe(lesson.poster.src);
    expect(element.getAttribute("slot")).toBe("media");
    expect(element.hasAttribute("crossorigin")).toBe(true);
    await waitFor(() => expect(FakeHls.last().loadSource).toHaveBeenCalledWith(video.master));
  });

  test("media-chrome's controls: play, seek, time, mute, volume, captions and speed menus, fullscreen; speeds 0.5 to 2", () => {
    const { container } = renderPlayer();
    const controller = container.querySelector("media-controller");
    expect(controller?.getAttribute("lang")).toBe("en");
    for (const control of [
      "media-play-button",
      "media-time-range",
      "media-time-display",
      "media-mute-button",
      "media-volume-range",
      "media-captions-menu-button",
      "media-playback-rate-menu-button",
      "media-fullscreen-button",
    ]) {
      expect(controller?.querySelector(`media-control-bar ${control}`), control).not.toBeNull();
    }
    expect(controller?.querySelector("media-captions-menu")).not.toBeNull();
    expect(controller?.querySelector("media-playback-rate-menu")?.getAttribute("rates")).toBe("0.5 0.75 1 1.25 1.5 2");
  });

  test("the key token of the access answer goes with the key request", async () => {
    renderPlayer({ access: accessFixture({ keyToken: "the.key.token" }) });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const key = fakeXhr();
    await keyConfig(FakeHls.last()).xhrSetup(key.xhr, "https://cdn.example/api/lessons/5/key");
    expect(key.open).toHaveBeenCalledWith("GET", "/api/lessons/5/key?token=the.key.token", true);
  });

  test("a refused key fetches access again and the retry carries the fresh token", async () => {
    const { props } = renderPlayer();
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const { xhrSetup, shouldRetry } = keyConfig(FakeHls.last());
    expect(shouldRetry(null, 0, false, { code: 403 }, false)).toBe(true);
    const retry = fakeXhr();
    await xhrSetup(retry.xhr, "/api/lessons/5/key");
    expect(props.refreshAccess).toHaveBeenCalledTimes(1);
    expect(retry.open).toHaveBeenCalledWith("GET", "/api/lessons/5/key?token=fresh.key.token", true);
  });

  test("the remembered speed is applied when the video loads, and a new choice is remembered", async () => {
    localStorage.setItem(RATE_STORAGE_KEY, "1.5");
    const { element } = renderPlayer();
    fireEvent(element, new Event("loadedmetadata"));
    expect(element.playbackRate).toBe(1.5);
    expect(element.defaultPlaybackRate).toBe(1.5);
    element.playbackRate = 0.75;
    fireEvent(element, new Event("ratechange"));
    expect(localStorage.getItem(RATE_STORAGE_KEY)).toBe("0.75");
  });

  test("a signed-in parent's position is saved at most every 10 s while playing, on pause and on page hide", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const onSave = vi.fn();
    const { element } = renderPlayer({ onSave });
    at(element, 1, false);
    fireEvent(element, new Event("timeupdate"));
    vi.setSystemTime(Date.now() + 9_000);
    at(element, 10, false);
    fireEvent(element, new Event("timeupdate"));
    expect(onSave).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + 1_000);
    at(element, 11, false);
    fireEvent(element, new Event("timeupdate"));
    expect(onSave).toHaveBeenLastCalledWith({ positionMs: 11_000, completed: false }, false);
    at(element, 12.5, true);
    fireEvent(element, new Event("pause"));
    expect(onSave).toHaveBeenLastCalledWith({ positionMs: 12_500, completed: false }, false);
    at(element, 13, true);
    fireEvent(window, new Event("pagehide"));
    expect(onSave).toHaveBeenLastCalledWith({ positionMs: 13_000, completed: false }, true);
    expect(onSave).toHaveBeenCalledTimes(3);
  });

  test("at the end the lesson is saved completed and the page is told", () => {
    const onSave = vi.fn();
    const { element, props } = renderPlayer({ onSave });
    at(element, 7.96, true);
    fireEvent(element, new Event("ended"));
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ positionMs: 8000, completed: true }, false);
    expect(props.onEnded).toHaveBeenCalledTimes(1);
  });

  test("plays as soon as the video's metadata is in, from the position the parent chose on the poster", () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    const { element } = renderPlayer({ access: accessFixture({ positionMs: 83_000 }), startMs: 83_000 });
    expect(play).not.toHaveBeenCalled();
    fireEvent(element, new Event("loadedmetadata"));
    expect(element.currentTime).toBe(83);
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent(element, new Event("loadedmetadata"));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("group", { name: "Continue where you left off?" })).toBeNull();
    play.mockRestore();
  });

  test("a video that cannot load shows the error in the page's language, and 'Try again' starts again with a fresh token", async () => {
    const { props } = renderPlayer({}, "nl");
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    act(() => FakeHls.last().emit("hlsError", { fatal: true, details: "keyLoadError" }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("De video kan niet afspelen");
    fireEvent.click(screen.getByRole("button", { name: "Opnieuw proberen" }));
    await waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    expect(props.refreshAccess).toHaveBeenCalledTimes(1);
    const key = fakeXhr();
    await keyConfig(FakeHls.last()).xhrSetup(key.xhr, "/api/lessons/5/key");
    expect(key.open).toHaveBeenCalledWith("GET", "/api/lessons/5/key?token=fresh.key.token", true);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("a browser that cannot play protected HLS says so, without a retry", async () => {
    FakeHls.supported = false;
    renderPlayer();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This browser cannot play our protected lessons");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  test("access lost before a retry (no token any more) is the error state again", async () => {
    const refreshAccess = vi.fn(async (): Promise<LessonAccessData> => accessFixture({ access: "locked", keyToken: null, expiresAt: null }));
    renderPlayer({ refreshAccess });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    act(() => FakeHls.last().emit("hlsError", { fatal: true }));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(refreshAccess).toHaveBeenCalled());
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(FakeHls.instances).toHaveLength(1);
  });
});
