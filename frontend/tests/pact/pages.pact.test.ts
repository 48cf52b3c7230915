/**
 * Consumer contracts of the page and article calls (slugify, find/findOne of pages and articles):
 * the feature's API modules through the real lib/api client against Pact's mock server. Written
 * into the same pact file as the other content contracts (contracts/pacts/splash-web-splash-api.json).
 *
 * Database ids change with every reset to the fixtures, so the findOne calls take their id from the
 * provider state: its handler answers { pageId } or { articleId } and the verifier injects it into
 * the path (fromProviderState); the consumer side runs with the example id.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { findArticle } from "../../src/features/content/api/find-article";
import { findArticles } from "../../src/features/content/api/find-articles";
import { findPage, findPages } from "../../src/features/content/api/find-pages";
import { getPageSlugs } from "../../src/lib/pages/get-page-slugs";
import { ApiError } from "../../src/lib/api";
import { errorBody, clientFor as client, splashApi } from "./provider";

const { eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

const provider = splashApi();


const SEEDED = "the content fixtures are seeded";
const CONTACT_PAGE = "the Dutch contact page is published";
const FIRST_LESSON = "the Dutch article de-eerste-zwemles is published";

/** The example ids the consumer side runs with; the verifier uses the provider state's ids. */
const PAGE_ID = 2;
const ARTICLE_ID = 2;

const localeCode = (example: string) => regex("^(nl|en|de|es|fr|sv)$", example);
/** A site path: always starts with a slash. */
const sitePath = (example: string) => regex("^/.*", example);
/** ISO 8601 date-time with an offset (Z or ±hh:mm); fractional seconds optional. */
const ISO_TIMESTAMP = regex(
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$",
  "2026-09-14T08:00:00Z",
);
/** Exactly this string, also inside eachLike (whose type matching would accept any string). */
const exactly = (value: string) => regex(`^${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, value);

const IMAGE = { src: string("/media/blog/first-swimming-lesson.webp"), alt: string("Een kind in een drijfpak"), width: integer(1200), height: integer(675) };
const LOCALIZATION = { id: integer(8), slug: string("kontakt"), locale: localeCode("de"), path: sitePath("/kontakt") };
const CATEGORY = { key: exactly("learning-to-swim"), slug: exactly("leren-zwemmen"), name: string("Leren zwemmen") };


describe("pages and articles API contract", () => {
  it("resolves the Dutch contact page's slug into its slug in every locale", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a slugify request for the Dutch contact page with the localizations' slug and locale")
      .withRequest("GET", "/api/slugify/slugs/page/contact", (b) =>
        b.headers({ accept: "application/json" }).query({
          locale: "nl",
          "populate[localizations][fields][0]": "slug",
          "populate[localizations][fields][1]": "locale",
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            id: integer(2),
            slug: "contact",
            locale: "nl",
            path: "/contact",
            localizations: eachLike({ id: integer(8), slug: string("kontakt"), locale: localeCode("de") }),
          },
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await getPageSlugs("contact", "nl", client(mock.url));
        expect(data).toMatchObject({ id: 2, slug: "contact", locale: "nl", path: "/contact" });
        expect(data.localizations.find((entry) => entry.locale === "de")).toEqual({ id: 8, slug: "kontakt", locale: "de" });
      });
  });

  it("answers a slug without a page with a 404 NotFoundError", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a slugify request for a slug no Dutch page has")
      .withRequest("GET", "/api/slugify/slugs/page/bestaat-niet", (b) =>
        b.query({
          locale: "nl",
          "populate[localizations][fields][0]": "slug",
          "populate[localizations][fields][1]": "locale",
        }),
      )
      .willRespondWith(404, (b) =>
        b.jsonBody(errorBody(404, "NotFoundError", "No page with slug 'bestaat-niet' in locale 'nl'")),
      )
      .executeTest(async (mock) => {
        const failure = await getPageSlugs("bestaat-niet", "nl", client(mock.url)).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(404);
        expect((failure as ApiError).name).toBe("NotFoundError");
      });
  });

  it("finds the German page with slug kontakt, with its localizations and pagination", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a find of the German pages filtered by slug kontakt, with localizations")
      .withRequest("GET", "/api/pages", (b) =>
        b.headers({ accept: "application/json" }).query({
          locale: "de",
          "filters[slug][$eq]": "kontakt",
          "pagination[page]": "1",
          "pagination[pageSize]": "10",
          "populate[localizations]": "true",
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            id: integer(8),
            slug: exactly("kontakt"),
            locale: exactly("de"),
            path: sitePath("/kontakt"),
            title: string("Kontakt"),
            layout: string("default"),
            seo: { title: string("Kontakt | Splash"), description: string("Eine Frage zu einem Schwimmlernanzug?") },
            localizations: eachLike({ id: integer(2), slug: string("contact"), locale: localeCode("nl"), path: sitePath("/contact") }),
          }),
          meta: { pagination: { page: 1, pageSize: 10, pageCount: integer(1), total: integer(1) } },
        }),
      )
      .executeTest(async (mock) => {
        const found = await findPages({ locale: "de", slug: "kontakt", page: 1, pageSize: 10 }, client(mock.url));
        expect(found.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 1 });
        const [page] = found.data;
        expect(page).toMatchObject({ slug: "kontakt", locale: "de", path: "/kontakt", title: "Kontakt" });
        expect(page?.localizations[0]).toEqual({ id: 2, slug: "contact", locale: "nl", path: "/contact" });
      });
  });

  it("finds one page by id, with its blocks and localizations", async () => {
    await provider
      .addInteraction()
      .given(CONTACT_PAGE)
      .uponReceiving("a findOne of the Dutch contact page by its id")
      .withRequest("GET", fromProviderState("/api/pages/${pageId}", `/api/pages/${PAGE_ID}`), (b) =>
        b.headers({ accept: "application/json" }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            id: integer(PAGE_ID),
            slug: "contact",
            locale: "nl",
            path: "/contact",
            title: string("Contact"),
            layout: string("default"),
            blocks: eachLike({ type: string("intro") }),
            seo: { title: string("Contact | Splash"), description: string("Een vraag over een drijfpak?") },
            localizations: eachLike(LOCALIZATION),
          },
          meta: like({}),
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await findPage(PAGE_ID, client(mock.url));
        expect(data).toMatchObject({ id: PAGE_ID, slug: "contact", locale: "nl", path: "/contact", layout: "default" });
        expect(data.blocks[0]?.type).toBe("intro");
        expect(data.localizations[0]).toEqual({ id: 8, slug: "kontakt", locale: "de", path: "/kontakt" });
      });
  });

  it("finds a page of Dutch articles of one category, newest first", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a find of the Dutch articles in category leren-zwemmen, first page of 6")
      .withRequest("GET", "/api/articles", (b) =>
        b.headers({ accept: "application/json" }).query({
          locale: "nl",
          "pagination[page]": "1",
          "pagination[pageSize]": "6",
          "sort[0]": "publishedAt:desc",
          "filters[category][slug][$eq]": "leren-zwemmen",
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            id: integer(ARTICLE_ID),
            slug: string("de-eerste-zwemles"),
            title: string("De eerste zwemles van je kind"),
            excerpt: string("De eerste keer in het zwembad zet de toon voor alles wat volgt."),
            cover: IMAGE,
            publishedAt: ISO_TIMESTAMP,
            locale: exactly("nl"),
            path: sitePath("/blog/de-eerste-zwemles"),
            category: CATEGORY,
          }),
          meta: { pagination: { page: 1, pageSize: 6, pageCount: integer(1), total: integer(1) } },
        }),
      )
      .executeTest(async (mock) => {
        const found = await findArticles({ locale: "nl", page: 1, pageSize: 6, category: "leren-zwemmen" }, client(mock.url));
        expect(found.meta.pagination).toEqual({ page: 1, pageSize: 6, pageCount: 1, total: 1 });
        expect(found.data[0]).toMatchObject({
          slug: "de-eerste-zwemles",
          path: "/blog/de-eerste-zwemles",
          publishedAt: "2026-09-14T08:00:00Z",
          category: { slug: "leren-zwemmen", name: "Leren zwemmen" },
        });
      });
  });

  it("finds one article by id, with its body and localizations", async () => {
    await provider
      .addInteraction()
      .given(FIRST_LESSON)
      .uponReceiving("a findOne of the Dutch article de-eerste-zwemles by its id")
      .withRequest("GET", fromProviderState("/api/articles/${articleId}", `/api/articles/${ARTICLE_ID}`), (b) =>
        b.headers({ accept: "application/json" }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            id: integer(ARTICLE_ID),
            slug: "de-eerste-zwemles",
            title: string("De eerste zwemles van je kind"),
            excerpt: string("De eerste keer in het zwembad zet de toon voor alles wat volgt."),
            cover: IMAGE,
            publishedAt: ISO_TIMESTAMP,
            locale: "nl",
            path: "/blog/de-eerste-zwemles",
            category: CATEGORY,
            body: eachLike({ type: string("paragraph"), children: like([]) }),
            seo: { title: string("De eerste zwemles van je kind | Splash"), description: string("Zo bereid je de eerste zwemles voor."), image: IMAGE },
            localizations: eachLike({
              id: integer(8),
              slug: string("die-erste-schwimmstunde"),
              locale: localeCode("de"),
              path: sitePath("/blog/die-erste-schwimmstunde"),
            }),
          },
          meta: like({}),
        }),
      )
      .executeTest(async (mock) => {
        const { data } = await findArticle(ARTICLE_ID, client(mock.url));
        expect(data).toMatchObject({ id: ARTICLE_ID, slug: "de-eerste-zwemles", locale: "nl", path: "/blog/de-eerste-zwemles" });
        expect(data.category?.key).toBe("learning-to-swim");
        expect(data.body[0]?.type).toBe("paragraph");
        expect(data.localizations[0]).toEqual({ id: 8, slug: "die-erste-schwimmstunde", locale: "de", path: "/blog/die-erste-schwimmstunde" });
      });
  });

  it("answers an article id that is not a number with a 400 ValidationError naming the id", async () => {
    await provider
      .addInteraction()
      .given(SEEDED)
      .uponReceiving("a findOne of an article with the malformed id abc")
      .withRequest("GET", "/api/articles/abc", (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          data: null,
          error: {
            status: 400,
            name: "ValidationError",
            message: string("id must be a whole number"),
            details: {
              errors: eachLike({ path: [exactly("id")], message: string("id must be a whole number"), name: exactly("ValidationError") }),
            },
          },
        }),
      )
      .executeTest(async (mock) => {
        const failure = await findArticle("abc", client(mock.url)).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        const error = failure as ApiError;
        expect(error.status).toBe(400);
        expect(error.name).toBe("ValidationError");
        expect(error.fieldMessage(["id"])).toBe("id must be a whole number");
      });
  });
});
