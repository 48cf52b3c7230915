/**
 * Consumer contracts of the new entries the studio makes from its lists (createEntry in
 * src/studio/editing/editing-api.ts; POST /api/studio/content/<collection>): a variant with the
 * owner's price, a level and a lesson, and a taken SKU refused with 409 naming `key`.
 *
 * The provider state (backend/testkit/editing_states.py) answers the owner's `session`; the
 * float suit has no blue XXXL variant, so one can be made.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/lib/api";
import { createEntry } from "../../src/studio/editing/editing-api";
import { errorBody } from "./provider";
import { EXAMPLE_SESSION, SIGNED_IN_BODY, studioApi, studioClientFor } from "./studio-provider";

const { boolean, eachLike, integer, like, string } = MatchersV3;

const provider = studioApi();
const client = (url: string) => studioClientFor(url, EXAMPLE_SESSION);

/** Exactly as backend/testkit/editing_states.py names it. */
const FREE_SIZE = "a signed-in studio owner and a float suit without a blue XXXL";
const SHARED = { locale: "" };
const DUTCH = { locale: "nl" };
const VARIANT = { product: "splash-float-suit", colour: "blue", size: "xxxl", price: 5495 };

const made = (collection: string, key: string, locale: string, live: Record<string, unknown>) => ({
  data: {
    collection,
    key,
    locale,
    document: like(live),
    revision: 0,
    savedBy: null,
    savedAt: null,
    live: like(live),
    publishedRevision: null,
    publishAt: null,
    missing: eachLike(string("description"), 0),
  },
});

describe("studio editing API contract: new entries", () => {
  it("makes a variant with the owner's price, off sale until switched on", async () => {
    await provider
      .addInteraction()
      .given(FREE_SIZE)
      .uponReceiving("a new blue XXXL float suit variant with its price")
      .withRequest("POST", "/api/studio/content/variant", (b) => b.headers(SIGNED_IN_BODY).query(SHARED).jsonBody({ key: "spl-fs-blue-3xl", fields: VARIANT }))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          data: {
            collection: "variant",
            key: "spl-fs-blue-3xl",
            locale: "",
            document: { product: "splash-float-suit", colour: "blue", size: "xxxl", active: boolean(false), position: integer(6) },
            revision: 0,
            savedBy: null,
            savedAt: null,
            live: { product: "splash-float-suit", colour: "blue", size: "xxxl", active: boolean(false), position: integer(6) },
            publishedRevision: null,
            publishAt: null,
            missing: [],
          },
        }),
      )
      .executeTest(async (mock) => {
        const entry = await createEntry(client(mock.url), "variant", "spl-fs-blue-3xl", "", VARIANT);
        expect(entry.live?.active).toBe(false);
      });
  });

  it("refuses a SKU that exists with 409 naming the key", async () => {
    await provider
      .addInteraction()
      .given(FREE_SIZE)
      .uponReceiving("a new variant with the SKU of the blue M float suit")
      .withRequest("POST", "/api/studio/content/variant", (b) => b.headers(SIGNED_IN_BODY).query(SHARED).jsonBody({ key: "spl-fs-blue-m", fields: VARIANT }))
      .willRespondWith(409, (b) =>
        b.jsonBody(errorBody(409, "ConflictError", "'spl-fs-blue-m' exists already: choose another key", { errors: eachLike({ path: ["key"], message: string("exists already"), name: string("ValidationError") }) })),
      )
      .executeTest(async (mock) => {
        const failure = (await createEntry(client(mock.url), "variant", "spl-fs-blue-m", "", VARIANT).catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(409);
        expect(failure.fieldMessage(["key"])).toBeTruthy();
      });
  });

  it("makes a level of a course, its title in the list's language", async () => {
    const fields = { course: "learn-to-swim", title: "Duiken" };
    await provider
      .addInteraction()
      .given(FREE_SIZE)
      .uponReceiving("a new level Duiken of the course learn-to-swim")
      .withRequest("POST", "/api/studio/content/level", (b) => b.headers(SIGNED_IN_BODY).query(DUTCH).jsonBody({ key: "level-4", fields }))
      .willRespondWith(201, (b) => b.jsonBody(made("level", "level-4", "nl", { title: "Duiken", description: "" })))
      .executeTest(async (mock) => {
        const entry = await createEntry(client(mock.url), "level", "level-4", "nl", fields);
        expect(entry.key).toBe("level-4");
      });
  });

  it("makes a lesson of a level with its minutes", async () => {
    const fields = { level: "level-1", title: "Rugdrijven", minutes: 8 };
    await provider
      .addInteraction()
      .given(FREE_SIZE)
      .uponReceiving("a new lesson Rugdrijven of level-1 lasting 8 minutes")
      .withRequest("POST", "/api/studio/content/lesson", (b) => b.headers(SIGNED_IN_BODY).query(DUTCH).jsonBody({ key: "level-1-lesson-9", fields }))
      .willRespondWith(201, (b) => b.jsonBody(made("lesson", "level-1-lesson-9", "nl", { title: "Rugdrijven", slug: string("rugdrijven"), description: "" })))
      .executeTest(async (mock) => {
        const entry = await createEntry(client(mock.url), "lesson", "level-1-lesson-9", "nl", fields);
        expect(entry.live?.title).toBe("Rugdrijven");
      });
  });
});
