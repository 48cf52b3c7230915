import { api, type ApiClient } from "../../../lib/api";
import type { SignedIn } from "../../../lib/auth";

/**
 * GET /auth/google/callback?access_token=<ticket>: trades the single-use ticket that Splash's
 * Google callback handed to this browser (it also needs the browser's HttpOnly flow cookie, which
 * the browser sends itself) for a session. 400 `provider_error` for anything else — a Google token
 * included.
 */
export function googleCallback(ticket: string, client: ApiClient = api): Promise<SignedIn> {
  return client.request<SignedIn>("GET", "/auth/google/callback", { query: { access_token: ticket } });
}
