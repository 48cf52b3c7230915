/** The SPA's one API client instance. Features call it through their own `api/` modules. */
import { config } from "../config";
import { createApiClient, type ApiClient } from "./client";
import type { ApiError } from "./errors";

export { ApiError, unknownError } from "./errors";
export type { ApiClient } from "./client";
export { createApiClient } from "./client";
export { stringifyQuery } from "./query";

type Hooks = { getToken?: () => string | null | undefined; onError?: (error: ApiError) => void };
const hooks: Hooks = {};

/** Lets the auth store provide the bearer token and the app install its error hook. */
export function configureApi(next: Hooks): void {
  Object.assign(hooks, next);
}

export const api: ApiClient = createApiClient({
  baseURL: config.apiBaseURL,
  prefix: config.apiPrefix,
  getToken: () => hooks.getToken?.(),
  onError: (error) => hooks.onError?.(error),
});
