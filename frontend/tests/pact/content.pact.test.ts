/**
 * Consumer contracts of the content calls, exercising the real lib/api client and the feature's
 * API modules against Pact's mock server. They write contracts/pacts/splash-web-splash-api.json,
 * which the backend verifies (make test-contracts).
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { getLocales } from "../../src/features/content/api/get-locales";
import { renderNavigation } from "../../src/features/content/api/render-navigation";
import { ApiError } from "../../src/lib/api";
import { errorBody, clientFor as client, splashApi } from "./provider";

const { atLeastLike, eachLike, integer, like, regex, string } = MatchersV3;

const provider = splashApi();

const LOCALE_CODE = regex("^(nl|en|de|es|fr|sv)$", "nl");
const PATH = regex("^(/|https?:|mailto:|tel:|#).*", "/shop");

describe("content API contract", () => {
  it("lists the six locales with nl as default", async () => {
    await provider
      .addInteraction()
      .given("six locales exist")
      .uponReceiving("a request for the locales")
      .withRequest("GET", "/api/i18n/locales", (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(200, (b) =>
        b.jsonBody(atLeastLike({ code: LOCALE_CODE, name: string("Nederlands"), isDefault: like(true) }, 6, 6)),
      )
      .executeTest(async (mock) => {
        const locales = await getLocales(client(mock.url));
        expect(locales).toHaveLength(6);
        expect(locales[0]).toEqual({ code: "nl", name: "Nederlands", isDefault: true });
      });
  });

  it("renders a menu as a FLAT list of id, title and path", async () => {
    await provider
      .addInteraction()
      .given("the navigation menus are seeded")
      .uponReceiving("a request for the Dutch primary menu, FLAT")
      .withRequest("GET", "/api/navigation/render/primary", (b) => b.query({ locale: "nl", type: "FLAT" }))
      .willRespondWith(200, (b) => b.jsonBody(eachLike({ id: integer(1), title: string("Zwempakken"), path: PATH })))
      .executeTest(async (mock) => {
        const items = await renderNavigation("primary", "nl", "FLAT", client(mock.url));
        expect(items[0]).toEqual({ id: 1, title: "Zwempakken", path: "/shop" });
      });
  });

  it("renders a menu as a TREE with nested items", async () => {
    await provider
      .addInteraction()
      .given("the navigation menus are seeded")
      .uponReceiving("a request for the English primary menu, TREE")
      .withRequest("GET", "/api/navigation/render/primary", (b) => b.query({ locale: "en", type: "TREE" }))
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike({ id: integer(1), title: string("Float suits"), path: PATH, items: like([]) })),
      )
      .executeTest(async (mock) => {
        const items = await renderNavigation("primary", "en", "TREE", client(mock.url));
        expect(items[0]).toEqual({ id: 1, title: "Float suits", path: "/shop", items: [] });
      });
  });

  it("answers an unknown menu with a 404 NotFoundError", async () => {
    await provider
      .addInteraction()
      .given("the navigation menus are seeded")
      .uponReceiving("a request for a menu that does not exist")
      .withRequest("GET", "/api/navigation/render/footer", (b) => b.query({ locale: "nl", type: "FLAT" }))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, "NotFoundError", "Navigation 'footer' not found")))
      .executeTest(async (mock) => {
        const failure = await renderNavigation("footer" as "primary", "nl", "FLAT", client(mock.url)).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(404);
        expect((failure as ApiError).name).toBe("NotFoundError");
      });
  });

  it("answers an unknown locale with a 400 ValidationError naming the field", async () => {
    await provider
      .addInteraction()
      .given("the navigation menus are seeded")
      .uponReceiving("a request for a menu in an unknown locale")
      .withRequest("GET", "/api/navigation/render/primary", (b) => b.query({ locale: "xx", type: "FLAT" }))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          data: null,
          error: {
            status: 400,
            name: "ValidationError",
            message: string("Unknown locale 'xx'"),
            details: { errors: eachLike({ path: ["query", "locale"], message: string("Unknown locale 'xx'"), name: "ValidationError" }) },
          },
        }),
      )
      .executeTest(async (mock) => {
        const failure = (await renderNavigation("primary", "xx", "FLAT", client(mock.url)).catch((e: unknown) => e)) as ApiError;
        expect(failure.status).toBe(400);
        expect(failure.fieldMessage(["query", "locale"])).toBe("Unknown locale 'xx'");
      });
  });
});
