/**
 * Consumer contract of the studio's block forms (src/studio/content/block-forms-api.ts,
 * backend/splash/content/block_form_routes.py): every block type's form, for staff who edit
 * content. The provider state is the signed-in owner's (backend/testkit/states.py).
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { getBlockForms } from "../../src/studio/content/block-forms-api";
import { EXAMPLE_SESSION, SIGNED_IN, studioApi, studioClientFor } from "./studio-provider";

const { atLeastLike, boolean, eachLike, like, regex, string } = MatchersV3;

const provider = studioApi();
const SIGNED_IN_OWNER = "a signed-in studio owner owner@splash.example and an editor";
const KIND = regex("^(short-text|long-text|number|boolean|select|link|image|icon|rich-text|list|group)$", "short-text");

describe("studio content API contract: the block forms", () => {
  it("answers every block type's form: fields with their widget, limits and whether required", async () => {
    await provider
      .addInteraction()
      .given(SIGNED_IN_OWNER)
      .uponReceiving("a request for the block forms")
      .withRequest("GET", "/api/studio/content/block-forms", (b) => b.headers(SIGNED_IN))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike(
            {
              type: string("intro"),
              // A block with nothing to fill in (the cart) has no fields.
              fields: atLeastLike({ kind: KIND, name: string("eyebrow"), required: boolean(false) }, 0, 1),
            },
            1,
          ),
        }),
      )
      .executeTest(async (mock) => {
        const forms = await getBlockForms(studioClientFor(mock.url, EXAMPLE_SESSION));
        expect(forms[0]?.type).toBe("intro");
        expect(forms[0]?.fields[0]).toEqual({ kind: "short-text", name: "eyebrow", required: false });
      });
  });

  it("answers without a session: 401", async () => {
    await provider
      .addInteraction()
      .uponReceiving("a request for the block forms without a session")
      .withRequest("GET", "/api/studio/content/block-forms", (b) => b.headers({ accept: "application/json" }))
      .willRespondWith(401, (b) => b.jsonBody({ data: null, error: like({ status: 401, name: "UnauthorizedError", message: "Sign in to the studio first" }) }))
      .executeTest(async (mock) => {
        const failure = await getBlockForms(studioClientFor(mock.url)).catch((error: unknown) => error);
        expect(failure).toMatchObject({ status: 401 });
      });
  });
});
