/**
 * Consumer contracts of the studio's lesson video panel: every call of
 * src/studio/lesson-video-api.ts (backend/splash/academy/video_studio_routes.py), through the
 * studio's own client, with the refusals the panel handles (413 at announcing, 409 naming the
 * offset, 400 naming a captions file's line).
 *
 * The provider state (backend/testkit/lesson_video_states.py) answers the editor's `session`,
 * the seeded lesson's id (its video packaged with captions in six languages) and an upload of it
 * with 4 of its 16 bytes in.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/lib/api";
import { getLessonVideo, getUpload, putCaptions, putPoster, removeCaptions, sendChunk, startUpload } from "../../src/studio/lesson-video-api";
import { ISO_TIMESTAMP } from "./accounts";
import { errorBody } from "./provider";
import { EXAMPLE_SESSION, SESSION_COOKIE, SIGNED_IN, SIGNED_IN_BODY, studioApi, studioClientFor } from "./studio-provider";

const { eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

const provider = studioApi();
const client = (url: string) => studioClientFor(url, EXAMPLE_SESSION);

/** Exactly as backend/testkit/lesson_video_states.py names it. */
const STATE = "a signed-in studio editor, a lesson with its video and an upload under way";
const IDS = { lesson: 1, upload: 9 };
const lessonPath = (rest: string) => fromProviderState(`/api/studio/lessons/\${lessonId}${rest}`, `/api/studio/lessons/${IDS.lesson}${rest}`);
const uploadPath = fromProviderState("/api/studio/video-uploads/${uploadId}", `/api/studio/video-uploads/${IDS.upload}`);

const STATUS = regex("^(receiving|queued|probing|packaging|done|failed|expired)$", "receiving");
const upload = (changes: Record<string, unknown> = {}) => ({
  id: integer(IDS.upload),
  lessonId: integer(IDS.lesson),
  fileName: string("les-1.mp4"),
  size: integer(16),
  offset: integer(4),
  status: STATUS,
  percent: integer(0),
  failure: null,
  createdAt: ISO_TIMESTAMP,
  updatedAt: ISO_TIMESTAMP,
  expiresAt: ISO_TIMESTAMP,
  chunkSize: integer(8388608),
  ...changes,
});
const LESSON_VIDEO = {
  lessonId: integer(IDS.lesson),
  lessonKey: string("level-1-lesson-1"),
  master: regex("^/media/videos/.+/master\\.m3u8$", "/media/videos/level-1-lesson-1/0123456789abcdef/master.m3u8"),
  durationMs: integer(7000),
  captions: eachLike({ locale: string("nl"), src: regex("^/media/videos/.+\\.vtt$", "/media/videos/level-1-lesson-1/0123456789abcdef/captions/nl.vtt") }),
  poster: like({ src: string("/media/academy/level-1-lesson-1.webp"), width: integer(1280), height: integer(720) }),
};
const CHUNK = { accept: "application/json", cookie: SESSION_COOKIE, "content-type": "application/octet-stream" };
// A chunk's bytes, sent as application/octet-stream: a contract on a binary body compares the
// type its bytes look like with the declared one, so these look like no file type at all.
const LAST_CHUNK = Buffer.from("00ff00ff8f13a7c2d4e5f607", "hex");
const EARLY_CHUNK = Buffer.from("00ff00ff", "hex");
const CAPTIONS = "WEBVTT\n\n00:00.000 --> 00:02.000\nSpetteren met je handen\n";
// The smallest PNG: one transparent pixel.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe("studio lesson video contract: the upload", () => {
  it("answers the lesson's video with its newest upload", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for a lesson's video panel")
      .withRequest("GET", lessonPath("/video"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...LESSON_VIDEO, upload: upload() } }))
      .executeTest(async (mock) => {
        const found = await getLessonVideo(client(mock.url), IDS.lesson);
        expect(found.upload?.offset).toBe(4);
      });
  });

  it("announces a video to send in chunks: 201 with the upload at offset 0", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("an announced lesson video")
      .withRequest("POST", lessonPath("/video/uploads"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ fileName: "les-2.mp4", contentType: "video/mp4", size: 2048 }))
      .willRespondWith(201, (b) => b.headers({ "upload-offset": "0" }).jsonBody({ data: upload({ fileName: string("les-2.mp4"), size: integer(2048), offset: integer(0) }) }))
      .executeTest(async (mock) => {
        const started = await startUpload(client(mock.url), IDS.lesson, { name: "les-2.mp4", type: "video/mp4", size: 2048 });
        expect(started.offset).toBe(0);
      });
  });

  it("refuses a video larger than the maximum at once: 413 naming the size", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("an announced lesson video over the maximum")
      .withRequest("POST", lessonPath("/video/uploads"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ fileName: "film.mov", contentType: "video/quicktime", size: 3221225472 }))
      .willRespondWith(413, (b) => b.jsonBody(errorBody(413, "PayloadTooLargeError", "The video is larger than 2147483648 bytes", { errors: eachLike({ path: ["size"], message: string("Larger than the largest video the shop takes"), name: "ValidationError" }) })))
      .executeTest(async (mock) => {
        const failure = (await startUpload(client(mock.url), IDS.lesson, { name: "film.mov", type: "video/quicktime", size: 3221225472 }).catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(413);
      });
  });

  it("answers where an upload is, to resume after a break", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for an upload's offset")
      .withRequest("GET", uploadPath, (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.headers({ "upload-offset": "4" }).jsonBody({ data: upload() }))
      .executeTest(async (mock) => {
        expect((await getUpload(client(mock.url), IDS.upload)).offset).toBe(4);
      });
  });

  it("takes the last chunk at its offset and queues the import", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("the last chunk of an upload at its offset")
      .withRequest("PATCH", uploadPath, (b) => b.headers({ ...CHUNK, "upload-offset": "4" }).body("application/octet-stream", LAST_CHUNK))
      .willRespondWith(200, (b) => b.headers({ "upload-offset": "16" }).jsonBody({ data: upload({ offset: integer(16), status: regex("^(queued|probing|packaging|failed)$", "queued"), expiresAt: null }) }))
      .executeTest(async (mock) => {
        const sent = await sendChunk(client(mock.url), IDS.upload, 4, new Blob([LAST_CHUNK]));
        expect(sent.offset).toBe(16);
      });
  });

  it("refuses a chunk at another offset: 409 naming the right one", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a chunk of an upload at the wrong offset")
      .withRequest("PATCH", uploadPath, (b) => b.headers({ ...CHUNK, "upload-offset": "0" }).body("application/octet-stream", EARLY_CHUNK))
      .willRespondWith(409, (b) => b.headers({ "upload-offset": "4" }).jsonBody(errorBody(409, "ConflictError", "The upload has 4 bytes: send the chunk that starts there", like({ offset: 4 }))))
      .executeTest(async (mock) => {
        const failure = (await sendChunk(client(mock.url), IDS.upload, 0, new Blob([EARLY_CHUNK])).catch((error: unknown) => error)) as ApiError;
        expect(failure.details.offset).toBe(4);
      });
  });
});

describe("studio lesson video contract: captions and poster", () => {
  it("stores captions in one language and answers the lesson's video", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a lesson's German captions")
      .withRequest("PUT", lessonPath("/captions/de"), (b) => b.headers({ accept: "application/json", cookie: SESSION_COOKIE, "content-type": "text/vtt" }).body("text/vtt", Buffer.from(CAPTIONS)))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...LESSON_VIDEO, upload: like(upload()) } }))
      .executeTest(async (mock) => {
        const found = await putCaptions(client(mock.url), IDS.lesson, "de", new Blob([CAPTIONS], { type: "text/vtt" }));
        expect(found.captions.length).toBeGreaterThan(0);
      });
  });

  it("refuses a broken captions file: 400 naming its line", async () => {
    const broken = "WEBVTT\n\n00:03.000 --> 00:02.000\nTwee\n";
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a lesson's captions whose cue ends before it starts")
      .withRequest("PUT", lessonPath("/captions/fr"), (b) => b.headers({ accept: "application/json", cookie: SESSION_COOKIE, "content-type": "text/vtt" }).body("text/vtt", Buffer.from(broken)))
      .willRespondWith(400, (b) => b.jsonBody(errorBody(400, "ValidationError", "Line 3: the cue ends before it starts", like({ line: 3, rule: "end_before_start" }))))
      .executeTest(async (mock) => {
        const failure = (await putCaptions(client(mock.url), IDS.lesson, "fr", new Blob([broken], { type: "text/vtt" })).catch((error: unknown) => error)) as ApiError;
        expect(failure.details.line).toBe(3);
      });
  });

  it("removes captions in one language", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a removal of a lesson's Swedish captions")
      .withRequest("DELETE", lessonPath("/captions/sv"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...LESSON_VIDEO, upload: like(upload()) } }))
      .executeTest(async (mock) => {
        const found = await removeCaptions(client(mock.url), IDS.lesson, "sv");
        expect(found.lessonId).toBe(IDS.lesson);
      });
  });

  it("makes a poster of an image", async () => {
    await provider
      .addInteraction()
      .given(STATE)
      .uponReceiving("a lesson's poster as a PNG image")
      .withRequest("PUT", lessonPath("/poster"), (b) => b.headers({ accept: "application/json", cookie: SESSION_COOKIE, "content-type": "image/png" }).body("image/png", PNG))
      .willRespondWith(200, (b) =>
        b.jsonBody({ data: { ...LESSON_VIDEO, poster: { src: regex("^/media/videos/.+/posters/[0-9a-f]+\\.webp$", "/media/videos/level-1-lesson-1/posters/0123456789abcdef.webp"), width: integer(1), height: integer(1) }, upload: like(upload()) } }),
      )
      .executeTest(async (mock) => {
        const found = await putPoster(client(mock.url), IDS.lesson, new Blob([PNG], { type: "image/png" }));
        expect(found.poster?.width).toBe(1);
      });
  });
});
