/**
 * The one HTTP client of the SPA: base URL + prefix, bracket query strings, the bearer token when
 * there is one, an error hook, no retries. A failure rethrows the error body as an ApiError; a
 * failure without a body becomes a synthetic UnknownError with status 500.
 */
import { ApiError, isErrorBody, unknownError } from "./errors";
import { stringifyQuery, type Query } from "./query";

export type ClientOptions = {
  baseURL: string;
  prefix: string;
  getToken?: () => string | null | undefined;
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
};

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a save on page hide). */
  keepalive?: boolean;
};

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiClient = {
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<T>;
  find<T>(collection: string, query?: Query): Promise<T>;
  findOne<T>(collection: string, id: string | number, query?: Query): Promise<T>;
  create<T>(collection: string, data: unknown, query?: Query): Promise<T>;
  update<T>(collection: string, id: string | number, data: unknown, query?: Query): Promise<T>;
  delete<T>(collection: string, id: string | number, query?: Query): Promise<T>;
};

export function createApiClient(options: ClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function url(path: string, query?: Query): string {
    const clean = path.startsWith("/") ? path : `/${path}`;
    const search = stringifyQuery(query);
    return `${options.baseURL}${options.prefix}${clean}${search ? `?${search}` : ""}`;
  }

  function fail(error: ApiError): never {
    options.onError?.(error);
    throw error;
  }

  async function request<T>(method: Method, path: string, init: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json", ...init.headers };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) {
      body = init.body;
    } else if (init.body instanceof Blob) {
      body = init.body; // a file or a chunk of one, sent as it is (its type in init.headers)
    } else if (init.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.body);
    }
    let response: Response;
    try {
      response = await doFetch(url(path, init.query), { method, headers, body, signal: init.signal, keepalive: init.keepalive });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      return fail(unknownError(error instanceof Error ? error.message : "Network error"));
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!response.ok) {
      return fail(isErrorBody(parsed) ? new ApiError(parsed) : unknownError(`HTTP ${response.status}`));
    }
    return parsed as T;
  }

  return {
    request,
    find: (collection, query) => request("GET", `/${collection}`, { query }),
    findOne: (collection, id, query) => request("GET", `/${collection}/${encodeURIComponent(String(id))}`, { query }),
    create: (collection, data, query) => request("POST", `/${collection}`, { body: { data }, query }),
    update: (collection, id, data, query) =>
      request("PUT", `/${collection}/${encodeURIComponent(String(id))}`, { body: { data }, query }),
    delete: (collection, id, query) => request("DELETE", `/${collection}/${encodeURIComponent(String(id))}`, { query }),
  };
}
