/**
 * Consumer contracts of the lesson page's calls (contracts/academy-api.md): access and progress
 * through the real lib/api client (the lesson feature's api modules), and the key request as the
 * player makes it — hls.js re-opens the playlist's key URI at the API base with `?token=`
 * (player/key-url.ts); the key's 16 bytes are binary, so the contract pins status and type.
 *
 * Lesson ids change with every reset to the fixtures, and key tokens are minted per state: the
 * provider states answer `lessonId`, `keyToken` and the parent's `token` (fromProviderState).
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { getLessonAccess } from "../../src/features/academy/lesson/api/get-lesson-access";
import { saveProgress } from "../../src/features/academy/lesson/api/save-progress";
import { keyRequestUrl } from "../../src/features/academy/player/key-url";
import { ApiError } from "../../src/lib/api";
import { BEARER, EXAMPLE_TOKEN, exactly, ISO_TIMESTAMP } from "./accounts";
import { clientFor as client, clientWithCookie, errorBody, splashApi } from "./provider";

const { boolean, fromProviderState, integer, regex } = MatchersV3;

const provider = splashApi();

/** Provider states, exactly as backend/testkit/states.py implements them. */
const STATES = {
  /** Answers `token` (the parent's session), `lessonId` (level 1, no preview) and its `keyToken`. */
  owner: "a signed-in parent ouder@example.com owns level 1",
  /** Answers `lessonId`: a lesson past level 1 that is no free preview. */
  locked: "a lesson of level 2 is locked for a guest",
  /** Answers `lessonId` (a free preview) and a guest's `keyToken` for it. */
  preview: "a free preview lesson exists",
  /** Answers `lessonId` (level 2's first lesson) and `devicePass`: a guest's paid order of level 2, placed by this browser. */
  device: "a guest's paid order of level 2 holds this browser's device pass",
} as const;

const LESSON_ID = 6;
const KEY_TOKEN =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJwdXJwb3NlIjoibGVzc29uLWtleSIsImxlc3NvbiI6Niwic3ViIjoiNyJ9.a2V5LXRva2VuLWV4YW1wbGU";

const lessonPath = (rest: string) => fromProviderState(`/api/lessons/\${lessonId}/${rest}`, `/api/lessons/${LESSON_ID}/${rest}`);
const lessonId = () => fromProviderState("${lessonId}", LESSON_ID);
const keyToken = regex("^[\\w-]+\\.[\\w-]+\\.[\\w-]+$", KEY_TOKEN);
const json = { accept: "application/json" };

describe("lesson API contract", () => {
  it("GET /lessons/{id}/access for an owner: owned, a key token that expires, and their position", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("a request for the access of an owned lesson by its owner")
      .withRequest("GET", lessonPath("access"), (b) => b.headers({ ...json, authorization: BEARER }))
      .willRespondWith(200, (b) =>
        b.headers({ "Cache-Control": regex("no-store", "no-store") }).jsonBody({
          data: { lessonId: lessonId(), access: exactly("owned"), keyToken, expiresAt: ISO_TIMESTAMP, positionMs: integer(0), completed: boolean(false) },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getLessonAccess(LESSON_ID, client(mock.url, EXAMPLE_TOKEN));
        expect(data).toMatchObject({ lessonId: LESSON_ID, access: "owned", keyToken: KEY_TOKEN, positionMs: 0, completed: false });
        expect(Date.parse(data.expiresAt ?? "")).not.toBeNaN();
      });
  });

  it("GET /lessons/{id}/access of a locked lesson for a guest: locked, no token", async () => {
    await provider
      .addInteraction()
      .given(STATES.locked)
      .uponReceiving("a guest's request for the access of a locked lesson")
      .withRequest("GET", lessonPath("access"), (b) => b.headers(json))
      .willRespondWith(200, (b) =>
        b.jsonBody({ data: { lessonId: lessonId(), access: exactly("locked"), keyToken: null, expiresAt: null, positionMs: 0, completed: false } }),
      )
      .executeTest(async (mock) => {
        const { data } = await getLessonAccess(LESSON_ID, client(mock.url));
        expect(data).toEqual({ lessonId: LESSON_ID, access: "locked", keyToken: null, expiresAt: null, positionMs: 0, completed: false });
      });
  });

  it("GET /lessons/{id}/access of a free preview for a guest: preview, with a key token", async () => {
    await provider
      .addInteraction()
      .given(STATES.preview)
      .uponReceiving("a guest's request for the access of a free preview")
      .withRequest("GET", lessonPath("access"), (b) => b.headers(json))
      .willRespondWith(200, (b) =>
        b.jsonBody({ data: { lessonId: lessonId(), access: exactly("preview"), keyToken, expiresAt: ISO_TIMESTAMP, positionMs: 0, completed: false } }),
      )
      .executeTest(async (mock) => {
        const { data } = await getLessonAccess(LESSON_ID, client(mock.url));
        expect(data).toMatchObject({ access: "preview", keyToken: KEY_TOKEN, positionMs: 0 });
      });
  });

  it("GET /lessons/{id}/access signed out, by the browser that paid a guest's order of it: owned, with a key token", async () => {
    const EXAMPLE_PASS = "p4SsW0rdLessDevicePassForTheOrderOfLevel2xy";
    await provider
      .addInteraction()
      .given(STATES.device)
      .uponReceiving("the access of a lesson the paying browser's order bought, with its device pass")
      .withRequest("GET", lessonPath("access"), (b) =>
        b.headers({ ...json, cookie: fromProviderState("splash_device_pass=${devicePass}", `splash_device_pass=${EXAMPLE_PASS}`) }),
      )
      .willRespondWith(200, (b) =>
        b.headers({ "Cache-Control": regex("no-store", "no-store") }).jsonBody({
          data: { lessonId: lessonId(), access: exactly("owned"), keyToken, expiresAt: ISO_TIMESTAMP, positionMs: 0, completed: false },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getLessonAccess(LESSON_ID, clientWithCookie(mock.url, `splash_device_pass=${EXAMPLE_PASS}`));
        expect(data).toMatchObject({ lessonId: LESSON_ID, access: "owned", keyToken: KEY_TOKEN, positionMs: 0 });
      });
  });

  it("GET /lessons/{id}/access of an unknown lesson: 404", async () => {
    await provider
      .addInteraction()
      .given(STATES.locked)
      .uponReceiving("a request for the access of a lesson that does not exist")
      .withRequest("GET", "/api/lessons/999999/access", (b) => b.headers(json))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, "NotFoundError", "Lesson not found")))
      .executeTest(async (mock) => {
        const error = await getLessonAccess(999999, client(mock.url)).catch((caught: unknown) => caught);
        expect((error as ApiError).status).toBe(404);
      });
  });

  it("PUT /lessons/{id}/progress saves the owner's position", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("the owner's position in a lesson")
      .withRequest("PUT", lessonPath("progress"), (b) =>
        b.headers({ ...json, "content-type": "application/json", authorization: BEARER }).jsonBody({ positionMs: 3000, completed: false }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ data: { lessonId: lessonId(), positionMs: integer(3000), completed: boolean(false) } }))
      .executeTest(async (mock) => {
        const { data } = await saveProgress(LESSON_ID, { positionMs: 3000, completed: false }, client(mock.url, EXAMPLE_TOKEN));
        expect(data).toEqual({ lessonId: LESSON_ID, positionMs: 3000, completed: false });
      });
  });

  it("PUT /lessons/{id}/progress without a sign-in: 401", async () => {
    await provider
      .addInteraction()
      .given(STATES.preview)
      .uponReceiving("a position in a lesson from a visitor who is not signed in")
      .withRequest("PUT", lessonPath("progress"), (b) => b.headers({ ...json, "content-type": "application/json" }).jsonBody({ positionMs: 3000, completed: false }))
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, "UnauthorizedError", "Missing or invalid credentials")))
      .executeTest(async (mock) => {
        const error = await saveProgress(LESSON_ID, { positionMs: 3000, completed: false }, client(mock.url)).catch((caught: unknown) => caught);
        expect((error as ApiError).status).toBe(401);
      });
  });

  it("PUT /lessons/{id}/progress with a negative position: 400 naming positionMs", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("a negative position in a lesson")
      .withRequest("PUT", lessonPath("progress"), (b) =>
        b.headers({ ...json, "content-type": "application/json", authorization: BEARER }).jsonBody({ positionMs: -1, completed: false }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody(
          errorBody(400, "ValidationError", "1 error occurred", {
            errors: [{ path: ["positionMs"], message: MatchersV3.string("Input should be greater than or equal to 0"), name: "ValidationError" }],
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await saveProgress(LESSON_ID, { positionMs: -1, completed: false }, client(mock.url, EXAMPLE_TOKEN)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).fieldMessage(["positionMs"])).toBeTruthy();
      });
  });

  it("GET /lessons/{id}/key?token= with the owner's key token: the key, application/octet-stream", async () => {
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("a key request with the owner's key token")
      .withRequest("GET", lessonPath("key"), (b) => b.query({ token: fromProviderState("${keyToken}", KEY_TOKEN) }))
      .willRespondWith(200, (b) => b.headers({ "Content-Type": regex("^application/octet-stream", "application/octet-stream"), "Cache-Control": regex("no-store", "no-store") }))
      .executeTest(async (mock) => {
        const url = keyRequestUrl(`https://cdn.example/api/lessons/${LESSON_ID}/key`, KEY_TOKEN, `${mock.url}/api`);
        const response = await fetch(url ?? "");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^application\/octet-stream/);
      });
  });

  it("GET /lessons/{id}/key?token= with a tampered token: 403", async () => {
    const tampered = `${KEY_TOKEN.slice(0, -4)}AAAA`;
    await provider
      .addInteraction()
      .given(STATES.owner)
      .uponReceiving("a key request with a tampered key token")
      .withRequest("GET", lessonPath("key"), (b) => b.query({ token: tampered }))
      .willRespondWith(403, (b) => b.jsonBody(errorBody(403, "ForbiddenError", "The key token is not valid for this lesson")))
      .executeTest(async (mock) => {
        const response = await fetch(keyRequestUrl(`/api/lessons/${LESSON_ID}/key`, tampered, `${mock.url}/api`) ?? "");
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: { name: string } }).error.name).toBe("ForbiddenError");
      });
  });
});
