import { api, type ApiClient } from "../../../lib/api";

/** POST /auth/logout-everywhere (bearer): every token of the user stops working. 401 without a valid token. */
export function logoutEverywhere(client: ApiClient = api): Promise<{ ok: true }> {
  return client.request<{ ok: true }>("POST", "/auth/logout-everywhere");
}
