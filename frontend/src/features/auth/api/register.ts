import { api, type ApiClient } from "../../../lib/api";
import type { SignedIn } from "../../../lib/auth";

export type Registration = { email: string; password: string };

/**
 * POST /auth/local/register: a new, unconfirmed account (the username is the e-mail address) and
 * its token; the API sends the confirmation e-mail. 400 `email_taken` (path email) or field errors.
 */
export function register({ email, password }: Registration, client: ApiClient = api): Promise<SignedIn> {
  return client.request<SignedIn>("POST", "/auth/local/register", { body: { username: email, email, password } });
}
