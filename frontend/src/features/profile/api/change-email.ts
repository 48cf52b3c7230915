import { api, type ApiClient } from "../../../lib/api";

export type EmailChange = { email: string; currentPassword: string };
export type EmailChangeSent = { email: string; sent: true };

/**
 * POST /auth/change-email (bearer): mails a confirmation link to the new address; the address
 * changes (and every session ends) only when that link is opened. 401 without a valid token; 400
 * `current_password_incorrect`, `email_unchanged`, `email_taken` or `no_password`.
 */
export function changeEmail(change: EmailChange, client: ApiClient = api): Promise<EmailChangeSent> {
  return client.request<EmailChangeSent>("POST", "/auth/change-email", { body: change });
}
