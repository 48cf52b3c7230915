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

/** The real lib/api client, pointed at Pact's mock server; with a token it sends it as the bearer. */
export function clientFor(url: string, token?: string): ApiClient {
  return createApiClient({ baseURL: url, prefix: "/api", getToken: () => token });
}

/** The real lib/api client sending `cookie` as a browser sends an HttpOnly cookie of the shop's (which no script sets). */
export function clientWithCookie(url: string, cookie: string): ApiClient {
  return createApiClient({
    baseURL: url,
    prefix: "/api",
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  });
}

/** The API's error envelope with any message text, and any details unless the contract fixes them. */
export function errorBody(status: number, name: string, message: string, details: unknown = MatchersV3.like({})) {
  return { data: null, error: { status, name, message: MatchersV3.string(message), details } };
}
