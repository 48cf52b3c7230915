import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import { ApiError, type ApiClient } from "../../lib/api";
import { createI18n } from "../../lib/i18n";
import shopEnglish from "../../locales/en.json";
import type { LessonVideo, VideoUpload } from "../lesson-video-api";
import english from "../locales/en.json";
import german from "../locales/de.json";
import { SessionContext } from "../session";
import { captionsRefusal } from "./lesson-media";
import { LessonVideoPanel, UploadState } from "./lesson-video";

const upload = (changes: Partial<VideoUpload> = {}): VideoUpload => ({
  id: 7,
  lessonId: 3,
  fileName: "les-3.mp4",
  size: 200,
  offset: 50,
  status: "receiving",
  percent: 0,
  failure: null,
  createdAt: "2026-11-29T12:00:00Z",
  updatedAt: "2026-11-29T12:00:00Z",
  expiresAt: "2026-11-30T12:00:00Z",
  chunkSize: 100,
  ...changes,
});

const video: LessonVideo = {
  lessonId: 3,
  lessonKey: "level-1-lesson-3",
  master: "/media/videos/level-1-lesson-3/0123456789abcdef/master.m3u8",
  durationMs: 7000,
  captions: [{ locale: "nl", src: "/media/videos/level-1-lesson-3/0123456789abcdef/captions/nl.vtt" }],
  poster: { src: "/media/videos/level-1-lesson-3/posters/ab.webp", width: 1280, height: 720 },
  upload: null,
};

function inStudio(children: ReactNode, client: ApiClient, locale: "en" | "de" = "en") {
  const i18n = createI18n(locale, { ...shopEnglish, studio: locale === "en" ? english : german });
  const session = { client, me: null, setMe: () => undefined, leave: async () => undefined, signedOut: false };
  return render(
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </I18nextProvider>,
  );
}

function fakeClient(request: ApiClient["request"]): ApiClient {
  const unused = () => Promise.reject(new Error("not used"));
  return { request, find: unused, findOne: unused, create: unused, update: unused, delete: unused };
}

const t = createI18n("en", { ...shopEnglish, studio: english }).t;

describe("an upload's state in the panel", () => {
  test("while sending: the share of the bytes in a progress bar", () => {
    inStudio(<UploadState upload={upload()} />, fakeClient(() => Promise.reject(new Error("no"))));
    expect(screen.getByRole("progressbar", { name: "Sending les-3.mp4: 25%" })).toHaveProperty("value", 25);
  });

  test("an upload stopped earlier says where it stopped and how to go on", () => {
    inStudio(<UploadState upload={upload()} sending={false} />, fakeClient(() => Promise.reject(new Error("no"))));
    expect(screen.getByText("The upload of les-3.mp4 stopped at 25%: pick the same file to go on from there.")).toBeTruthy();
  });

  test("while the worker packages it: the stage and its percent", () => {
    inStudio(<UploadState upload={upload({ status: "packaging", percent: 20, offset: 200 })} />, fakeClient(() => Promise.reject(new Error("no"))));
    expect(screen.getByRole("progressbar", { name: "Converting and encrypting… 20%" })).toHaveProperty("value", 20);
  });

  test("a failed import says why, in the staff member's language, and that the old video plays on", () => {
    inStudio(<UploadState upload={upload({ status: "failed", failure: "not_a_video", offset: 200 })} />, fakeClient(() => Promise.reject(new Error("no"))), "de");
    expect(screen.getByRole("alert").textContent).toBe("les-3.mp4 konnte nicht das Video der Lektion werden: die Datei ist kein Video. Die Lektion zeigt weiter ihr bisheriges Video.");
  });
});

describe("captions and poster", () => {
  test("a refused captions file names its line and the rule it breaks", () => {
    const refused = new ApiError({
      data: null,
      error: { status: 400, name: "ValidationError", message: "Line 6: the cue ends before it starts", details: { line: 6, rule: "end_before_start", errors: [] } },
    });
    expect(captionsRefusal(refused, t)).toBe("Line 6: the cue ends before it starts.");
    const noVideo = new ApiError({ data: null, error: { status: 409, name: "ConflictError", message: "no video", details: {} } });
    expect(captionsRefusal(noVideo, t)).toBe("Upload the lesson's video first.");
  });

  test("a captions file picked for a language is sent as text/vtt and the panel shows the new list", async () => {
    const sent: { method: string; path: string; type?: string }[] = [];
    const client = fakeClient(async (method, path, options) => {
      sent.push({ method, path, type: options?.headers?.["content-type"] });
      return { data: { ...video, captions: [...video.captions, { locale: "de", src: "/media/videos/level-1-lesson-3/captions/de-1.vtt" }] } } as never;
    });
    let shown = video;
    inStudio(<LessonVideoPanel video={video} onChanged={(next) => (shown = next)} />, client);

    const vtt = new File(["WEBVTT\n\n00:00.000 --> 00:01.000\nHallo\n"], "de.vtt", { type: "text/vtt" });
    fireEvent.change(screen.getByLabelText("WebVTT file for German"), { target: { files: [vtt] } });

    expect(await screen.findByText("The German captions are saved.")).toBeTruthy();
    expect(sent).toEqual([{ method: "PUT", path: "/lessons/3/captions/de", type: "text/vtt" }]);
    expect(shown.captions.map((caption) => caption.locale)).toEqual(["nl", "de"]);
    expect(screen.getByText("The lesson plays a video of 7 s.")).toBeTruthy();
  });
});
