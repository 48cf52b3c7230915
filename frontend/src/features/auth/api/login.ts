import { api, type ApiClient } from "../../../lib/api";
import type { SignedIn } from "../../../lib/auth";

export type Credentials = { identifier: string; password: string };

/**
 * POST /auth/local: a token for the e-mail address and password. 400 `invalid_credentials`;
 * after a correct password only, 400 `email_not_confirmed` or `blocked`; 429 after too many tries.
 */
export function login(credentials: Credentials, client: ApiClient = api): Promise<SignedIn> {
  return client.request<SignedIn>("POST", "/auth/local", { body: credentials });
}
