import { api, type ApiClient } from "../../../lib/api";
import type { SignedIn } from "../../../lib/auth";

export type PasswordChange = { currentPassword: string; password: string; passwordConfirmation: string };

/**
 * POST /auth/change-password (bearer): a new token (every other session ends). 401 without a valid
 * token; 400 `current_password_incorrect` or `passwords_mismatch`.
 */
export function changePassword(change: PasswordChange, client: ApiClient = api): Promise<SignedIn> {
  return client.request<SignedIn>("POST", "/auth/change-password", { body: change });
}
