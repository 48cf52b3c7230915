import { api, type ApiClient } from "../../../lib/api";
import type { SignedIn } from "../../../lib/auth";

/**
 * GET /auth/google/callback?access_token=: a token for the Google account's owner (confirmed; an
 * account with the same e-mail address is linked). 400 `provider_error` when Google refuses it.
 */
export function googleCallback(accessToken: string, client: ApiClient = api): Promise<SignedIn> {
  return client.request<SignedIn>("GET", "/auth/google/callback", { query: { access_token: accessToken } });
}
