/**
 * The one Pact set-up of the studio's contracts: the studio is a consumer of its own
 * (splash-studio), so the shop's contract file stays as it is.
 *
 * The session is the HttpOnly cookie splash_studio, which no script sets: the requests carry it
 * as the browser sends it, its value from a provider state ("a signed-in studio owner…" answers
 * it as `session`).
 */
import path from "node:path";
import { MatchersV3, PactV4, SpecificationVersion } from "@pact-foundation/pact";
import { studioClient } from "../../src/studio/api";

const { fromProviderState } = MatchersV3;

export function studioApi(): PactV4 {
  return new PactV4({
    consumer: "splash-studio",
    provider: "splash-api",
    dir: path.resolve(__dirname, "../../../contracts/pacts"),
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: "warn",
  });
}

/** An example of the session cookie's value; the provider state answers the real one. */
export const EXAMPLE_SESSION = "c2Vzc2lvbi1vZi10aGUtb3duZXItZm9yLXBhY3Q";
export const SESSION_COOKIE = fromProviderState("splash_studio=${session}", `splash_studio=${EXAMPLE_SESSION}`);

export const JSON_ONLY = { accept: "application/json" };
export const JSON_BODY = { accept: "application/json", "content-type": "application/json" };
export const SIGNED_IN = { accept: "application/json", cookie: SESSION_COOKIE };
export const SIGNED_IN_BODY = { ...JSON_BODY, cookie: SESSION_COOKIE };

/** The studio's client against the mock server, sending the session cookie as a browser would. */
export function studioClientFor(url: string, cookie?: string) {
  return studioClient(url, (input, init) =>
    fetch(input, cookie ? { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: `splash_studio=${cookie}` } } : init),
  );
}
