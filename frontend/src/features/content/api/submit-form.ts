import { api, type ApiClient } from "../../../lib/api";

export type SubmissionCreated = { data: { id: number; form: string; createdAt: string } };

/** POST /forms/{form}/submissions: the values wrapped in data, with the captcha token. */
export function submitForm(
  form: string,
  data: Record<string, unknown>,
  captchaToken: string | null,
  client: ApiClient = api,
): Promise<SubmissionCreated> {
  return client.request<SubmissionCreated>("POST", `/forms/${encodeURIComponent(form)}/submissions`, {
    body: captchaToken ? { data, captchaToken } : { data },
  });
}
