import { api, type ApiClient } from "../../../lib/api";
import type { SignedIn } from "../../../lib/auth";

export type GoogleLinkRequest = { code: string; password: string };

/**
 * POST /auth/google/link: Google proved an address whose confirmed account has a password; its
 * owner proves the password once (with the link ticket from the redirect) and Google is linked.
 * 400 `invalid_credentials` for a wrong password, `provider_error` at `code` once the ticket expired.
 */
export function googleLink(request: GoogleLinkRequest, client: ApiClient = api): Promise<SignedIn> {
  return client.request<SignedIn>("POST", "/auth/google/link", { body: request });
}
