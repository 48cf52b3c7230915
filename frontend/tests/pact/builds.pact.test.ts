/**
 * Consumer contract of the build poll (spec §7: GET builds/latest.json with a timestamp query
 * parameter, the answer's `id` used): app/build-update's checkForUpdate against Pact's mock
 * server. The poll is same-origin and outside the API prefix, so it does not go through lib/api;
 * its fetch resolves the relative URL against the mock server as a browser does against the page.
 * The backend answers the SPA build's file with the published site's build added (`site`, which
 * a page compares with its shell's; not part of this contract); no provider state.
 */
import { MatchersV3 } from "@pact-foundation/pact";
import { afterEach, describe, expect, it } from "vitest";
import { checkForUpdate, isOutdated, resetUpdateState } from "../../src/app/build-update";
import { splashApi } from "./provider";

const { regex, string } = MatchersV3;

const provider = splashApi();

/** The poll's timestamp (Date.now(), milliseconds) that keeps caches from answering it. */
const NOW = 1_795_921_200_000;

afterEach(() => resetUpdateState());

describe("build poll contract", () => {
  it("answers the latest build's id, which marks this build outdated when it differs", async () => {
    await provider
      .addInteraction()
      .uponReceiving("a poll of the latest build's id with a timestamp")
      .withRequest("GET", "/builds/latest.json", (b) => b.query({ t: regex("^[0-9]+$", String(NOW)) }))
      .willRespondWith(200, (b) => b.jsonBody({ id: string("20261129030000-3f9a1c") }))
      .executeTest(async (mock) => {
        const sameOrigin: typeof fetch = (input, init) => fetch(new URL(String(input), mock.url), init);
        expect(await checkForUpdate(sameOrigin, NOW)).toBe(true);
        expect(isOutdated()).toBe(true);
      });
  });
});
