/** The account calls more than one feature makes (contracts/accounts-api.md). */
import { api, type ApiClient } from "../api";
import type { User } from "./types";

/** GET /users/me (bearer): the signed-in user, a bare object; 401 without a valid token. */
export function getMe(client: ApiClient = api): Promise<User> {
  return client.request<User>("GET", "/users/me");
}

export type ConfirmationSent = { email: string; sent: true };

/** POST /auth/send-email-confirmation: the same answer whether the address has an account or not. */
export function sendEmailConfirmation(email: string, client: ApiClient = api): Promise<ConfirmationSent> {
  return client.request<ConfirmationSent>("POST", "/auth/send-email-confirmation", { body: { email } });
}
