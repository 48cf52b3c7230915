import { api, type ApiClient } from "../../../lib/api";

/** POST /auth/forgot-password: always `{ok: true}`, whether the address has an account or not. */
export function forgotPassword(email: string, client: ApiClient = api): Promise<{ ok: true }> {
  return client.request<{ ok: true }>("POST", "/auth/forgot-password", { body: { email } });
}
