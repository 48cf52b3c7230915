/**
 * Consumer contracts of GET and PUT /users/me (contracts/accounts-api.md): lib/auth's getMe and the
 * profile feature's updateMe through the real lib/api client against Pact's mock server.
 *
 * PUT /users/me is multipart/form-data with one field, `data`, holding the JSON. The browser picks
 * the multipart boundary, so the content type is matched by a regex; the body is compared part
 * by part (the `data` part must hold exactly this JSON). The verifier replays the example body
 * with its example boundary. The bearer comes from the state "a signed-in parent …" (`token`).
 */
import { MatchersV3 } from "@pact-foundation/pact";
// The builder's type is not re-exported from the package root.
import type { V4RequestBuilder } from "@pact-foundation/pact/src/v4/http/types";
import { describe, expect, it } from "vitest";
import { updateMe, type ProfileUpdate } from "../../src/features/profile/api/update-me";
import { ApiError } from "../../src/lib/api";
import { getMe } from "../../src/lib/auth";
import { ADDRESS, BEARER, EXAMPLE_TOKEN, exactly, STATES, user } from "./accounts";
import { clientFor as client, errorBody, splashApi } from "./provider";

const { eachLike, regex, string } = MatchersV3;

const provider = splashApi();

const BOUNDARY = "splash-profile-boundary";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body with one text field `data` holding this JSON (how FormData sends it). */
function multipartData(data: unknown): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${BOUNDARY}--\r\n`);
}

/**
 * PUT /users/me as the profile sends it: the bearer, a multipart content type with any boundary,
 * and the part `data` holding exactly this JSON (a binary body alone would only be matched by its
 * content type).
 */
function profileUpdate(data: unknown) {
  const json = JSON.stringify(data);
  return (b: V4RequestBuilder) =>
    b
      .headers({ accept: "application/json", authorization: BEARER, "Content-Type": regex("^multipart/form-data.*", MULTIPART) })
      .body(MULTIPART, multipartData(data))
      .matchingRules({ body: { path: "$.data", rules: [exactly(json)] } });
}

const PROFILE: ProfileUpdate = {
  firstname: "Sanne",
  lastname: "de Vries",
  addresses: [
    { street: "Kerkstraat", housenumber: "12", addition: "B", additionalInfo: null, postalCode: "1017 GC", city: "Amsterdam", country: "nl" },
  ],
};

describe("users API contract", () => {
  it("answers GET /users/me with the signed-in parent, a bare object", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a request for the signed-in parent")
      .withRequest("GET", "/api/users/me", (b) => b.headers({ accept: "application/json", authorization: BEARER }))
      .willRespondWith(200, (b) => b.jsonBody(user({ username: "ouder@example.com", email: "ouder@example.com" })))
      .executeTest(async (mock) => {
        const me = await getMe(client(mock.url, EXAMPLE_TOKEN));
        expect(me).toMatchObject({ id: 7, email: "ouder@example.com", username: "ouder@example.com", blocked: false });
        expect(me).not.toHaveProperty("data");
      });
  });

  it("refuses GET /users/me with a token it did not sign: 401", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a request for the signed-in parent with a forged token")
      .withRequest("GET", "/api/users/me", (b) => b.headers({ accept: "application/json", authorization: `Bearer ${EXAMPLE_TOKEN}` }))
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, "UnauthorizedError", "Invalid token")))
      .executeTest(async (mock) => {
        const failure = await getMe(client(mock.url, EXAMPLE_TOKEN)).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect([(failure as ApiError).status, (failure as ApiError).name]).toEqual([401, "UnauthorizedError"]);
      });
  });

  it("saves names and addresses sent as multipart data JSON: the refreshed user", async () => {
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a profile update with names and one new address as multipart data")
      .withRequest("PUT", "/api/users/me", profileUpdate(PROFILE))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          user({
            firstname: "Sanne",
            lastname: "de Vries",
            addresses: eachLike({ ...ADDRESS, street: "Kerkstraat", housenumber: "12", addition: "B", additionalInfo: null, postalCode: "1017 GC", city: "Amsterdam", country: "nl" }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const saved = await updateMe(PROFILE, client(mock.url, EXAMPLE_TOKEN));
        expect(saved).toMatchObject({ firstname: "Sanne", lastname: "de Vries" });
        expect(saved.addresses[0]).toEqual({
          id: 3,
          street: "Kerkstraat",
          housenumber: "12",
          addition: "B",
          additionalInfo: null,
          postalCode: "1017 GC",
          city: "Amsterdam",
          country: "nl",
        });
      });
  });

  it("refuses a field the profile may not change (email): 400 naming data.email", async () => {
    const forbidden = { email: "ander@example.com" } as ProfileUpdate;
    await provider
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a profile update that tries to change the e-mail address")
      .withRequest("PUT", "/api/users/me", profileUpdate(forbidden))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          errorBody(400, "ValidationError", "email cannot be changed", {
            errors: eachLike({ path: [exactly("data"), exactly("email")], message: string("email cannot be changed"), name: string("ValidationError") }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const failure = await updateMe(forbidden, client(mock.url, EXAMPLE_TOKEN)).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(400);
        expect((failure as ApiError).details.errors?.map((entry) => entry.path)).toContainEqual(["data", "email"]);
      });
  });
});
