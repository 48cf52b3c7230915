/**
 * Consumer contract of the language hand-off (contracts/handoff-api.md): lib/handoff's
 * createHandoff through the real lib/api client against Pact's mock server. The target carries
 * the server's port, so the provider states answer it (`target`, with the redeem endpoint as
 * `action`) and the verifier injects it (fromProviderState); the consumer side runs with the examples.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/lib/api";
import { createHandoff, type HandoffRequest } from "../../src/lib/handoff/api";
import { BEARER, EXAMPLE_TOKEN, exactly } from "./accounts";
import { clientFor as client, errorBody, splashApi } from "./provider";

const { eachLike, fromProviderState, regex, string } = MatchersV3;

const provider = splashApi();

/** Provider states, exactly as backend/testkit/states.py implements them. */
const STATES = {
  /** Answers `target` (the English checkout, as the language switcher links it) and `action`. */
  guest: "a visitor with a cart may switch to English",
  /** Answers `token` (the parent's session), `target` and `action`. */
  parent: "a signed-in parent may switch to English",
} as const;

const TARGET = "http://en.localhost:8000/checkout?locale=en";
const ACTION = "http://en.localhost:8000/api/language-handoffs/redeem";
const TOKEN = "Zt0cQm4sX9yqk8fJ2vR7nB1wL5hD3gP6aE0uK9oTi2M";

const request = (overrides: Partial<HandoffRequest> = {}): HandoffRequest => ({
  target: TARGET,
  cart: { items: [{ variantId: 13, quantity: 2, options: [{ key: "name", value: "Mila" }] }], country: "de" },
  draft: { step: "shipping", values: { personal: { firstname: "Eva", lastname: "de Vries" }, shipping: {}, billing: {} }, attempt: null, withdrawalWaived: false },
  ...overrides,
});

/** The body as the contract pins it: the request with the state's target. */
const body = (sent: HandoffRequest) => ({ ...sent, target: fromProviderState("${target}", sent.target) });

const HANDOFF = {
  data: {
    action: fromProviderState("${action}", ACTION),
    token: regex("^[A-Za-z0-9_-]{43,}$", TOKEN),
  },
};

describe("language hand-off API contract", () => {
  it("stores a guest's cart, country and draft and answers 201 with the token and where to post it", async () => {
    await provider
      .addInteraction()
      .given(STATES.guest)
      .uponReceiving("a language hand-off of a guest's cart and checkout draft")
      .withRequest("POST", "/api/language-handoffs", (b) =>
        b.headers({ accept: "application/json", "content-type": "application/json" }).jsonBody(body(request())),
      )
      .willRespondWith(201, (b) => b.headers({ "cache-control": "no-store" }).jsonBody(HANDOFF))
      .executeTest(async (mock) => {
        const answer = await createHandoff(request(), client(mock.url));
        expect(answer).toEqual({ data: { action: ACTION, token: TOKEN } });
      });
  });

  it("takes the sign-in from the bearer token, never from the body", async () => {
    const sent = request({ cart: { items: [], country: null }, draft: null });
    await provider
      .addInteraction()
      .given(STATES.parent)
      .uponReceiving("a language hand-off of a signed-in parent with an empty cart")
      .withRequest("POST", "/api/language-handoffs", (b) =>
        b.headers({ accept: "application/json", "content-type": "application/json", authorization: BEARER }).jsonBody(body(sent)),
      )
      .willRespondWith(201, (b) => b.jsonBody(HANDOFF))
      .executeTest(async (mock) => {
        const answer = await createHandoff(sent, client(mock.url, EXAMPLE_TOKEN));
        expect(answer.data.action).toBe(ACTION);
      });
  });

  it("refuses a target off the shop's domains with a 400 naming target", async () => {
    const sent = request({ target: "https://evil.example/checkout" });
    await provider
      .addInteraction()
      .given(STATES.guest)
      .uponReceiving("a language hand-off to a domain that is not the shop's")
      .withRequest("POST", "/api/language-handoffs", (b) => b.headers({ "content-type": "application/json" }).jsonBody(sent))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          errorBody(400, "ValidationError", "Must be a page on one of the shop's domains", {
            errors: eachLike({ path: [exactly("target")], message: string("Must be a page on one of the shop's domains"), name: exactly("ValidationError") }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const failure = await createHandoff(sent, client(mock.url)).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).status).toBe(400);
      });
  });
});
