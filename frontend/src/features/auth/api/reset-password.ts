import { api, type ApiClient } from "../../../lib/api";
import type { SignedIn } from "../../../lib/auth";

export type PasswordReset = { code: string; password: string; passwordConfirmation: string };

/**
 * POST /auth/reset-password with the code from the e-mail's link: a new token (every other session
 * ends). 400 `invalid_code` (unknown, used or expired) or `passwords_mismatch`.
 */
export function resetPassword(reset: PasswordReset, client: ApiClient = api): Promise<SignedIn> {
  return client.request<SignedIn>("POST", "/auth/reset-password", { body: reset });
}
