/**
 * Consumer contracts of the studio's media library: every call of src/studio/media-api.ts
 * (backend/splash/media/routes.py), through the studio's own client, with the refusal the screen
 * shows (a removal refused while the image is used, naming its uses).
 *
 * The provider state (backend/testkit/studio_media_states.py) answers the owner's `session`, the
 * id of an image a Dutch page shows (`usedId`) and of one used nowhere (`unusedId`). Uploads send
 * tests/pact/data/zwempak.jpg, a real JPEG the provider checks by its content.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/lib/api";
import { deleteMedia, getMedia, listMedia, mediaUses, PICKER_PAGE_SIZE, replaceMedia, setAltTexts, uploadMedia } from "../../src/studio/media-api";
import { ISO_TIMESTAMP } from "./accounts";
import { errorBody } from "./provider";
import { EXAMPLE_SESSION, SIGNED_IN, SIGNED_IN_BODY, studioApi, studioClientFor } from "./studio-provider";

const { eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

const provider = studioApi();
const client = (url: string) => studioClientFor(url, EXAMPLE_SESSION);

/** Exactly as backend/testkit/studio_media_states.py names it. */
const LIBRARY = "a signed-in studio owner and a media library with a used and an unused image";
const IDS = { used: 1, unused: 2 };
const PHOTO = path.resolve(__dirname, "data/zwempak.jpg");
const photo = () => new Blob([readFileSync(PHOTO)], { type: "image/jpeg" });
const mediaPath = (id: "usedId" | "unusedId", rest = "") =>
  fromProviderState(`/api/studio/media/\${${id}}${rest}`, `/api/studio/media/${id === "usedId" ? IDS.used : IDS.unused}${rest}`);

const URL = regex("^/media/library/\\d+/\\d+-[0-9a-f]{8}/original\\.(jpg|png|webp|avif)$", "/media/library/2/1-0a1b2c3d/original.jpg");
const ITEM = {
  id: integer(IDS.unused),
  fileName: string("strand.jpg"),
  format: regex("^(jpeg|png|webp|avif)$", "jpeg"),
  width: integer(320),
  height: integer(240),
  bytes: integer(2100),
  version: integer(1),
  url: URL,
  variants: like([]),
  variantsStatus: regex("^(pending|ready|failed)$", "pending"),
  alt: like({}),
  uploadedBy: string("owner@splash.example"),
  createdAt: ISO_TIMESTAMP,
  updatedAt: ISO_TIMESTAMP,
};
const USE = { kind: "page", id: integer(7), title: "Zwemles in beeld", locale: "nl" };

describe("studio media API contract", () => {
  it("lists the library, newest first, one page", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a request for the media library")
      .withRequest("GET", "/api/studio/media", (b) => b.headers(SIGNED_IN).query({ page: "1", pageSize: "48" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike(ITEM, 2), meta: { page: 1, pageSize: 48, total: integer(2) } }))
      .executeTest(async (mock) => {
        const found = await listMedia(client(mock.url), "", 1);
        expect(found.data).toHaveLength(2);
      });
  });

  it("finds the library's images by part of their file name, a picker's page at a time", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a search of the media library by file name")
      .withRequest("GET", "/api/studio/media", (b) => b.headers(SIGNED_IN).query({ page: "1", pageSize: String(PICKER_PAGE_SIZE), q: "zwem" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike({ ...ITEM, fileName: "zwempak.jpg" }, 1), meta: { page: 1, pageSize: PICKER_PAGE_SIZE, total: 1 } }))
      .executeTest(async (mock) => {
        const found = await listMedia(client(mock.url), "zwem", 1, PICKER_PAGE_SIZE);
        expect(found.data.map((item) => item.fileName)).toEqual(["zwempak.jpg"]);
      });
  });

  it("answers one image", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a request for an unused library image")
      .withRequest("GET", mediaPath("unusedId"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...ITEM, fileName: "strand.jpg" } }))
      .executeTest(async (mock) => {
        expect((await getMedia(client(mock.url), IDS.unused)).fileName).toBe("strand.jpg");
      });
  });

  it("names where an image is used", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a request for where a used image is used")
      .withRequest("GET", mediaPath("usedId", "/uses"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike(USE, 1) }))
      .executeTest(async (mock) => {
        const uses = await mediaUses(client(mock.url), IDS.used);
        expect(uses[0]?.title).toBe("Zwemles in beeld");
      });
  });

  it("sets alt texts per language", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a change of an image's German alt text")
      .withRequest("PATCH", mediaPath("unusedId", "/alt"), (b) => b.headers(SIGNED_IN_BODY).jsonBody({ alt: { de: "Strand mit Kindern" } }))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...ITEM, alt: { de: "Strand mit Kindern" } } }))
      .executeTest(async (mock) => {
        expect((await setAltTexts(client(mock.url), IDS.unused, { de: "Strand mit Kindern" })).alt).toEqual({ de: "Strand mit Kindern" });
      });
  });

  it("takes an upload as the part file", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("an upload of a JPEG photo")
      .withRequest("POST", "/api/studio/media", (b) => b.headers({ accept: "application/json", cookie: SIGNED_IN.cookie }).multipartBody("image/jpeg", PHOTO, "file"))
      .willRespondWith(201, (b) => b.jsonBody({ data: { ...ITEM, fileName: "zwempak.jpg", width: 64, height: 48 } }))
      .executeTest(async (mock) => {
        const made = await uploadMedia(client(mock.url), photo(), "zwempak.jpg");
        expect([made.fileName, made.width, made.height]).toEqual(["zwempak.jpg", 64, 48]);
      });
  });

  it("replaces an image's file under the same id", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a new file for an unused image")
      .withRequest("PUT", mediaPath("unusedId", "/file"), (b) => b.headers({ accept: "application/json", cookie: SIGNED_IN.cookie }).multipartBody("image/jpeg", PHOTO, "file"))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...ITEM, fileName: "zwempak.jpg", version: 2 } }))
      .executeTest(async (mock) => {
        expect((await replaceMedia(client(mock.url), IDS.unused, photo(), "zwempak.jpg")).version).toBe(2);
      });
  });

  it("refuses to delete an image while it is used, naming its uses", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a removal of a used image")
      .withRequest("DELETE", mediaPath("usedId"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(409, (b) => b.jsonBody(errorBody(409, "ConflictError", "The image is used by page “Zwemles in beeld” (nl)", { uses: eachLike(USE, 1) })))
      .executeTest(async (mock) => {
        const failure = (await deleteMedia(client(mock.url), IDS.used).catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(409);
      });
  });

  it("deletes an unused image", async () => {
    await provider
      .addInteraction()
      .given(LIBRARY)
      .uponReceiving("a removal of an unused image")
      .withRequest("DELETE", mediaPath("unusedId"), (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) => b.jsonBody({ data: ITEM }))
      .executeTest(async (mock) => {
        expect((await deleteMedia(client(mock.url), IDS.unused)).id).toBe(IDS.unused);
      });
  });
});
