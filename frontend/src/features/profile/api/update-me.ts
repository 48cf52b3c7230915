import { api, type ApiClient } from "../../../lib/api";
import type { User, UserAddress } from "../../../lib/auth";

/** An address to save: with an id it updates that address, without one it adds a new one. */
export type AddressInput = Omit<UserAddress, "id"> & { id?: number };

/** What the profile may change; `addresses` replaces the whole list (a missing address is removed). */
export type ProfileUpdate = { firstname?: string; lastname?: string; addresses?: AddressInput[] };

/**
 * PUT /users/me (bearer) as multipart/form-data with one field, `data`, holding the JSON: the
 * refreshed user. Any other field (email, id, role…) is a 400, as are invalid values.
 */
export function updateMe(update: ProfileUpdate, client: ApiClient = api): Promise<User> {
  const body = new FormData();
  body.append("data", JSON.stringify(update));
  return client.request<User>("PUT", "/users/me", { body });
}
