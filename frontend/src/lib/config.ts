/** The one frontend configuration module: nothing else reads import.meta.env. */
export const config = {
  /** Where the content-system API lives; same origin by default (one origin per domain). */
  apiBaseURL: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? "",
  /** Path prefix of the API ("" for content-system version v3, "/api" here). */
  apiPrefix: (import.meta.env.VITE_API_PREFIX as string | undefined) ?? "/api",
  buildId: __BUILD_ID__,
} as const;
