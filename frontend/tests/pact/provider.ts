/** The one Pact set-up every consumer contract uses: the SPA against the Splash API. */
import path from "node:path";
import { MatchersV3, PactV4, SpecificationVersion } from "@pact-foundation/pact";
import { createApiClient, type ApiClient } from "../../src/lib/api";

export function splashApi(): PactV4 {
  return new PactV4({
    consumer: "splash-web",
    provider: "splash-api",
    dir: path.resolve(__dirname, "../../../contracts/pacts"),
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: "warn",
  });
}

/**
 * Every interaction gets a new mock server, and the OS may hand a new one the port of the one just
 * shut down: a kept-alive socket to the old server would then carry the request into the void (the
 * interaction is "expected but not received"; it failed CI once). Each request closes its connection.
 */
function freshConnection(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), connection: "close" } });
}

/** The real lib/api client, pointed at Pact's mock server; with a token it sends it as the bearer. */
export function clientFor(url: string, token?: string): ApiClient {
  return createApiClient({ baseURL: url, prefix: "/api", getToken: () => token, fetch: freshConnection });
}

/** The API's error envelope with any message text, and any details unless the contract fixes them. */
export function errorBody(status: number, name: string, message: string, details: unknown = MatchersV3.like({})) {
  return { data: null, error: { status, name, message: MatchersV3.string(message), details } };
}
