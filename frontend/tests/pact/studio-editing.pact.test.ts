/**
 * Consumer contracts of the studio's editing screens: every call of
 * src/studio/editing/editing-api.ts (backend/splash/site/editing_routes.py), through the
 * studio's own client, with the refusals the screens handle — a save on an old revision (409:
 * who saved and when, for the conflict screen) and a publish refused while a required field is
 * empty (400 naming the field).
 *
 * The provider state (backend/testkit/editing_states.py) answers the owner's `session`; the
 * page `about` has two published versions, a Dutch draft at revision 3 and a German draft
 * whose title is empty.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/lib/api";
import {
  getEntry,
  listCategories,
  listCollections,
  listEntries,
  listVersions,
  previewLink,
  publishEntry,
  restoreVersion,
  saveEntry,
  scheduleEntry,
  slugFor,
  unpublishEntry,
  versionChanges,
} from "../../src/studio/editing/editing-api";
import { ISO_TIMESTAMP } from "./accounts";
import { errorBody } from "./provider";
import { fieldError } from "./studio-shop-shapes";
import { EXAMPLE_SESSION, SIGNED_IN, SIGNED_IN_BODY, studioApi, studioClientFor } from "./studio-provider";

const { boolean, eachLike, integer, like, regex, string } = MatchersV3;

const provider = studioApi();
const client = (url: string) => studioClientFor(url, EXAMPLE_SESSION);

/** Exactly as backend/testkit/editing_states.py names it. */
const EDITING = "a signed-in studio owner and the page about with two versions and drafts";
const ABOUT = "/api/studio/content/page/about";
const DUTCH = { locale: "nl" };
const PAGE_DOCUMENT = { title: "Over ons en de zee", slug: "over-ons", blocks: [] };

const SAVED = { revision: integer(4), savedBy: string("owner@splash.example"), savedAt: ISO_TIMESTAMP, publishAt: null };
const VERSION = { number: integer(3), publishedBy: string("owner@splash.example"), publishedAt: ISO_TIMESTAMP };
const ENTRY = {
  collection: "page",
  key: "about",
  locale: "nl",
  document: like({ title: "Over ons en de zee", slug: "over-ons" }),
  revision: integer(3),
  savedBy: string("owner@splash.example"),
  savedAt: ISO_TIMESTAMP,
  live: like({ title: "Over ons" }),
  publishedRevision: integer(2),
  publishAt: null,
  scheduleRefused: null,
  missing: [],
};

describe("studio editing API contract: lists and entries", () => {
  it("lists every collection with the permission it needs and whether the owner may edit it", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for the editable collections")
      .withRequest("GET", "/api/studio/content/collections", (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) =>
        b.jsonBody({ data: eachLike({ name: string("price"), localized: boolean(false), permission: regex("^(content|settings)$", "settings"), editable: boolean(true) }) }),
      )
      .executeTest(async (mock) => {
        const found = await listCollections(client(mock.url));
        expect(found[0]?.name).toBe("price");
        expect(found[0]?.editable).toBe(true);
      });
  });

  it("lists the blog's categories of an article's language, by name", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for the Dutch blog categories")
      .withRequest("GET", "/api/studio/content/categories", (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike({ key: string("tips"), slug: string("tips"), name: string("Tips") }) }))
      .executeTest(async (mock) => {
        const found = await listCategories(client(mock.url), "nl");
        expect(found[0]).toEqual({ key: "tips", slug: "tips", name: "Tips" });
      });
  });

  it("lists a collection's entries in one language, each live, translated and drafted or not", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for the Dutch pages")
      .withRequest("GET", "/api/studio/content/page", (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) =>
        b.jsonBody({ data: eachLike({ key: string("about"), title: string("Over ons"), live: boolean(true), translated: boolean(true), drafted: boolean(true), path: string("/over-ons") }) }),
      )
      .executeTest(async (mock) => {
        const found = await listEntries(client(mock.url), "page", "nl");
        expect(found[0]?.key).toBe("about");
      });
  });

  it("lists the articles of a language with their category and the date they show", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for the Swedish articles")
      .withRequest("GET", "/api/studio/content/article", (b) => b.headers(SIGNED_IN).query({ locale: "sv" }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike(
            {
              key: string("first-swimming-lesson"),
              title: string("Ditt barns första simlektion"),
              live: boolean(true),
              translated: boolean(true),
              drafted: boolean(false),
              path: null,
              category: string("learning-to-swim"),
              date: ISO_TIMESTAMP,
            },
            3,
          ),
        }),
      )
      .executeTest(async (mock) => {
        const found = await listEntries(client(mock.url), "article", "sv");
        expect(found.every((article) => article.category && article.date)).toBe(true);
      });
  });

  it("answers an entry: its draft, revision, who saved it, what is live", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for the Dutch page about")
      .withRequest("GET", ABOUT, (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) => b.jsonBody({ data: ENTRY }))
      .executeTest(async (mock) => {
        const entry = await getEntry(client(mock.url), "page", "about", "nl");
        expect(entry.revision).toBe(3);
        expect(entry.document?.title).toBe("Over ons en de zee");
      });
  });

  it("makes a slug from a title by the language's rules", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for the German slug of a title")
      .withRequest("GET", "/api/studio/content/slug", (b) => b.headers(SIGNED_IN).query({ title: "Über uns", locale: "de" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: "ueber-uns" }))
      .executeTest(async (mock) => {
        expect(await slugFor(client(mock.url), "Über uns", "de")).toBe("ueber-uns");
      });
  });
});

describe("studio editing API contract: saving", () => {
  it("saves a draft on the revision it was based on", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a save of the Dutch page about on revision 3")
      .withRequest("PUT", ABOUT, (b) => b.headers(SIGNED_IN_BODY).query(DUTCH).jsonBody({ revision: 3, document: PAGE_DOCUMENT }))
      .willRespondWith(200, (b) => b.jsonBody({ data: SAVED }))
      .executeTest(async (mock) => {
        const saved = await saveEntry(client(mock.url), "page", "about", "nl", { revision: 3, document: PAGE_DOCUMENT });
        expect(saved.revision).toBe(4);
      });
  });

  it("refuses a save on an older revision: 409 with who saved the newer one and when", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a save of the Dutch page about on the old revision 1")
      .withRequest("PUT", ABOUT, (b) => b.headers(SIGNED_IN_BODY).query(DUTCH).jsonBody({ revision: 1, document: PAGE_DOCUMENT }))
      .willRespondWith(409, (b) =>
        b.jsonBody(errorBody(409, "ConflictError", "owner@splash.example saved this; reload first", { revision: integer(3), savedBy: string("owner@splash.example"), savedAt: ISO_TIMESTAMP })),
      )
      .executeTest(async (mock) => {
        const failure = (await saveEntry(client(mock.url), "page", "about", "nl", { revision: 1, document: PAGE_DOCUMENT }).catch((error: unknown) => error)) as ApiError;
        expect(failure.status).toBe(409);
        expect(failure.details.revision).toBe(3);
      });
  });
});

describe("studio editing API contract: publishing", () => {
  it("publishes the draft and answers the version kept", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a publish of the Dutch page about's revision 3")
      .withRequest("POST", `${ABOUT}/publish`, (b) => b.headers(SIGNED_IN_BODY).query(DUTCH).jsonBody({ revision: 3 }))
      .willRespondWith(200, (b) => b.jsonBody({ data: VERSION }))
      .executeTest(async (mock) => {
        const version = await publishEntry(client(mock.url), "page", "about", "nl", 3);
        expect(version.number).toBe(3);
      });
  });

  it("refuses to publish while a required field is empty: 400 naming the field", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a publish of the German page about without a title")
      .withRequest("POST", `${ABOUT}/publish`, (b) => b.headers(SIGNED_IN_BODY).query({ locale: "de" }).jsonBody({ revision: 1 }))
      .willRespondWith(400, (b) => b.jsonBody(fieldError(["title"], "Fill this in before publishing")))
      .executeTest(async (mock) => {
        const failure = (await publishEntry(client(mock.url), "page", "about", "de", 1).catch((error: unknown) => error)) as ApiError;
        expect(failure.fieldMessage(["title"])).toBe("Fill this in before publishing");
      });
  });

  it("takes an entry off the site and answers it", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("an unpublish of the Dutch page about")
      .withRequest("POST", `${ABOUT}/unpublish`, (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...ENTRY, live: null, publishedRevision: null } }))
      .executeTest(async (mock) => {
        const entry = await unpublishEntry(client(mock.url), "page", "about", "nl");
        expect(entry.live).toBeNull();
      });
  });

  it("schedules the draft's publishing at a time", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a schedule of the Dutch page about's revision 3")
      .withRequest("PUT", `${ABOUT}/schedule`, (b) => b.headers(SIGNED_IN_BODY).query(DUTCH).jsonBody({ revision: 3, at: "2030-01-07T09:00:00.000Z" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...SAVED, revision: integer(3), publishAt: ISO_TIMESTAMP } }))
      .executeTest(async (mock) => {
        const saved = await scheduleEntry(client(mock.url), "page", "about", "nl", 3, "2030-01-07T09:00:00.000Z");
        expect(saved.publishAt).toBeTruthy();
      });
  });

  it("makes a signed preview link on the entry's language's domain", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a preview link of the Dutch page about")
      .withRequest("POST", `${ABOUT}/preview`, (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) => b.jsonBody({ data: { url: regex("^https?://[^/]+/_preview/[\\w.-]+$", "http://localhost:8000/_preview/abc.def"), expiresAt: ISO_TIMESTAMP } }))
      .executeTest(async (mock) => {
        const link = await previewLink(client(mock.url), "page", "about", "nl");
        expect(link.url).toContain("/_preview/");
      });
  });
});

describe("studio editing API contract: history", () => {
  it("lists the versions, newest first", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for the Dutch page about's versions")
      .withRequest("GET", `${ABOUT}/versions`, (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike({ ...VERSION, number: integer(2) }, 2) }))
      .executeTest(async (mock) => {
        const versions = await listVersions(client(mock.url), "page", "about", "nl");
        expect(versions.map((version) => version.number)).toEqual([2, 2]);
      });
  });

  it("answers what a version changed, field by field", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a request for what version 2 of the Dutch page about changed")
      .withRequest("GET", `${ABOUT}/versions/2/changes`, (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) => b.jsonBody({ data: eachLike({ path: "title", before: "Over Splash", after: "Over ons" }) }))
      .executeTest(async (mock) => {
        const changes = await versionChanges(client(mock.url), "page", "about", "nl", 2);
        expect(changes[0]).toEqual({ path: "title", before: "Over Splash", after: "Over ons" });
      });
  });

  it("restores an old version as the draft", async () => {
    await provider
      .addInteraction()
      .given(EDITING)
      .uponReceiving("a restore of version 1 of the Dutch page about")
      .withRequest("POST", `${ABOUT}/versions/1/restore`, (b) => b.headers(SIGNED_IN).query(DUTCH))
      .willRespondWith(200, (b) => b.jsonBody({ data: SAVED }))
      .executeTest(async (mock) => {
        const saved = await restoreVersion(client(mock.url), "page", "about", "nl", 1);
        expect(saved.revision).toBe(4);
      });
  });
});
