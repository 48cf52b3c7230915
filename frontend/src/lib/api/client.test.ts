import { describe, expect, test, vi } from "vitest";
import { createApiClient, type ClientOptions } from "./client";
import { ApiError, type ErrorBody } from "./errors";

type Call = { url: string; init: RequestInit };

/** A fetch that records its calls and answers every one with `respond()`. */
function fakeFetch(respond: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(respond());
  });
  return { fetch: fn as unknown as typeof fetch, fn, calls };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function client(fetch: typeof globalThis.fetch, extra: Partial<ClientOptions> = {}) {
  return createApiClient({ baseURL: "https://api.example.test", prefix: "/api", fetch, ...extra });
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

const validationError: ErrorBody = {
  data: null,
  error: {
    status: 400,
    name: "ValidationError",
    message: "2 errors occurred",
    details: {
      errors: [
        { path: ["email"], message: "email must be a valid email", name: "ValidationError" },
        { path: ["address", "zip"], message: "zip is required", name: "ValidationError" },
      ],
    },
  },
};

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("createApiClient", () => {
  test("the URL is baseURL + prefix + path + bracket query", async () => {
    // given
    const fake = fakeFetch(() => json({ data: [] }));
    // when
    await client(fake.fetch).request("GET", "/products", { query: { locale: "nl", populate: { image: true } } });
    // then
    expect(fake.calls.map((call) => call.url)).toEqual([
      "https://api.example.test/api/products?locale=nl&populate[image]=true",
    ]);
  });

  test("a path without a leading slash gets one and no query leaves no question mark", async () => {
    const fake = fakeFetch(() => json({}));
    await client(fake.fetch).request("GET", "products");
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/products");
  });

  test("an empty base URL and prefix give a same-origin path", async () => {
    const fake = fakeFetch(() => json({}));
    await createApiClient({ baseURL: "", prefix: "", fetch: fake.fetch }).request("GET", "/users/me");
    expect(fake.calls[0]?.url).toBe("/users/me");
  });

  test("the parsed JSON body of a successful response is returned", async () => {
    const fake = fakeFetch(() => json({ data: { id: 7, title: "Zwempak" } }));
    const result = await client(fake.fetch).request("GET", "/products/7");
    expect(result).toEqual({ data: { id: 7, title: "Zwempak" } });
  });

  test("an empty successful response (204) returns undefined", async () => {
    const fake = fakeFetch(() => new Response(null, { status: 204 }));
    const result = await client(fake.fetch).request("DELETE", "/carts/1");
    expect(result).toBeUndefined();
  });

  test("the bearer token is sent when getToken returns one", async () => {
    const fake = fakeFetch(() => json({}));
    await client(fake.fetch, { getToken: () => "jwt-123" }).request("GET", "/users/me");
    expect(headersOf(fake.calls[0])).toEqual({ accept: "application/json", authorization: "Bearer jwt-123" });
  });

  test.each([
    ["null", () => null],
    ["undefined", () => undefined],
    ["an empty string", () => ""],
  ])("no authorization header when getToken returns %s", async (_label, getToken) => {
    const fake = fakeFetch(() => json({}));
    await client(fake.fetch, { getToken }).request("GET", "/users/me");
    expect(headersOf(fake.calls[0])).toEqual({ accept: "application/json" });
  });

  test("no authorization header without a getToken option", async () => {
    const fake = fakeFetch(() => json({}));
    await client(fake.fetch).request("GET", "/users/me");
    expect(headersOf(fake.calls[0])).not.toHaveProperty("authorization");
  });

  test("a plain body is sent as JSON with a JSON content type", async () => {
    const fake = fakeFetch(() => json({}));
    await client(fake.fetch).request("POST", "/auth/local", { body: { identifier: "a@b.nl", password: "x" } });
    expect(fake.calls[0]?.init.method).toBe("POST");
    expect(fake.calls[0]?.init.body).toBe('{"identifier":"a@b.nl","password":"x"}');
    expect(headersOf(fake.calls[0])).toEqual({ accept: "application/json", "content-type": "application/json" });
  });

  test("a FormData body is passed as is, without a content type (the browser sets the boundary)", async () => {
    const fake = fakeFetch(() => json({}));
    const form = new FormData();
    form.append("files", new Blob(["x"]), "x.txt");
    await client(fake.fetch).request("POST", "/upload", { body: form });
    expect(fake.calls[0]?.init.body).toBe(form);
    expect(headersOf(fake.calls[0])).toEqual({ accept: "application/json" });
  });

  test("a Blob body (a file's chunk) is passed as is, with the content type the caller names", async () => {
    const fake = fakeFetch(() => json({}));
    const chunk = new Blob([new Uint8Array([1, 2, 3])]);
    await client(fake.fetch).request("PATCH", "/video-uploads/7", { body: chunk, headers: { "content-type": "application/offset+octet-stream" } });
    expect(fake.calls[0]?.init.body).toBe(chunk);
    expect(headersOf(fake.calls[0])).toEqual({ accept: "application/json", "content-type": "application/offset+octet-stream" });
  });

  test("a request without a body sends no body and no content type", async () => {
    const fake = fakeFetch(() => json({}));
    await client(fake.fetch).request("GET", "/products");
    expect(fake.calls[0]?.init.body).toBeUndefined();
    expect(headersOf(fake.calls[0])).not.toHaveProperty("content-type");
  });

  test("extra headers are sent along with accept", async () => {
    const fake = fakeFetch(() => json({}));
    await client(fake.fetch).request("GET", "/products", { headers: { "x-locale": "de" } });
    expect(headersOf(fake.calls[0])).toEqual({ accept: "application/json", "x-locale": "de" });
  });

  test("find is GET /collection with the query", async () => {
    const fake = fakeFetch(() => json({ data: [] }));
    await client(fake.fetch).find("products", { locale: "en" });
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/products?locale=en");
    expect(fake.calls[0]?.init.method).toBe("GET");
    expect(fake.calls[0]?.init.body).toBeUndefined();
  });

  test("findOne is GET /collection/id with the id URL-encoded", async () => {
    const fake = fakeFetch(() => json({ data: {} }));
    await client(fake.fetch).findOne("products", "a/b c", { locale: "fr" });
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/products/a%2Fb%20c?locale=fr");
    expect(fake.calls[0]?.init.method).toBe("GET");
  });

  test("create is POST /collection with the data wrapped in {data}", async () => {
    const fake = fakeFetch(() => json({ data: { id: 1 } }));
    await client(fake.fetch).create("orders", { total: 10 }, { populate: "*" });
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/orders?populate=*");
    expect(fake.calls[0]?.init.method).toBe("POST");
    expect(fake.calls[0]?.init.body).toBe('{"data":{"total":10}}');
    expect(headersOf(fake.calls[0])["content-type"]).toBe("application/json");
  });

  test("update is PUT /collection/id with the data wrapped in {data}", async () => {
    const fake = fakeFetch(() => json({ data: { id: 5 } }));
    await client(fake.fetch).update("orders", 5, { status: "paid" });
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/orders/5");
    expect(fake.calls[0]?.init.method).toBe("PUT");
    expect(fake.calls[0]?.init.body).toBe('{"data":{"status":"paid"}}');
  });

  test("delete is DELETE /collection/id without a body", async () => {
    const fake = fakeFetch(() => json({ data: { id: 5 } }));
    await client(fake.fetch).delete("orders", "abc");
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/orders/abc");
    expect(fake.calls[0]?.init.method).toBe("DELETE");
    expect(fake.calls[0]?.init.body).toBeUndefined();
  });

  test("an error envelope becomes an ApiError with its status, name, message and details; onError is called once", async () => {
    // given
    const fake = fakeFetch(() => json(validationError, 400));
    const onError = vi.fn();
    // when
    const error = await caught(client(fake.fetch, { onError }).create("orders", {}));
    // then
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.name).toBe("ValidationError");
    expect(apiError.message).toBe("2 errors occurred");
    expect(apiError.details).toEqual(validationError.error.details);
    expect(apiError.body).toEqual(validationError);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(apiError);
  });

  test("the status of the envelope is used, e.g. 403 Forbidden", async () => {
    const body = { data: null, error: { status: 403, name: "ForbiddenError", message: "Forbidden", details: {} } };
    const fake = fakeFetch(() => json(body, 403));
    const error = (await caught(client(fake.fetch).find("orders"))) as ApiError;
    expect([error.status, error.name, error.message]).toEqual([403, "ForbiddenError", "Forbidden"]);
  });

  test.each([
    ["an HTML page", () => new Response("<html><body>Bad gateway</body></html>", { status: 502, headers: { "content-type": "text/html" } })],
    ["an empty body", () => new Response(null, { status: 503 })],
    ["JSON that is not the error envelope", () => json({ message: "nope" }, 404)],
  ])("an error response with %s becomes an UnknownError with status 500", async (_label, respond) => {
    const fake = fakeFetch(respond);
    const onError = vi.fn();
    const error = await caught(client(fake.fetch, { onError }).find("products"));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).name).toBe("UnknownError");
    expect((error as ApiError).details).toEqual({});
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(error);
  });

  test("the UnknownError message of a body-less failure names the HTTP status", async () => {
    const fake = fakeFetch(() => new Response("", { status: 502 }));
    const error = (await caught(client(fake.fetch).find("products"))) as ApiError;
    expect(error.message).toBe("HTTP 502");
  });

  test("a network failure (fetch rejects) becomes an UnknownError with status 500 and calls onError once", async () => {
    const fn = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    const onError = vi.fn();
    const error = await caught(client(fn as unknown as typeof fetch, { onError }).find("products"));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).name).toBe("UnknownError");
    expect((error as ApiError).message).toBe("Failed to fetch");
    expect(onError).toHaveBeenCalledTimes(1);
  });

  test("an aborted request rethrows the AbortError itself, without onError", async () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    const fn = vi.fn(() => Promise.reject(abort));
    const onError = vi.fn();
    const error = await caught(client(fn as unknown as typeof fetch, { onError }).find("products"));
    expect(error).toBe(abort);
    expect(onError).not.toHaveBeenCalled();
  });

  test("the abort signal is passed to fetch", async () => {
    const fake = fakeFetch(() => json({}));
    const controller = new AbortController();
    await client(fake.fetch).request("GET", "/products", { signal: controller.signal });
    expect(fake.calls[0]?.init.signal).toBe(controller.signal);
  });

  test("no retries: a failing request calls fetch exactly once", async () => {
    const fake = fakeFetch(() => new Response("", { status: 500 }));
    await caught(client(fake.fetch).find("products"));
    expect(fake.fn).toHaveBeenCalledTimes(1);
  });

  test("no retries: a network failure calls fetch exactly once", async () => {
    const fn = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    await caught(client(fn as unknown as typeof fetch).find("products"));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe("ApiError.fieldMessage", () => {
  test("returns the message of the named field", () => {
    const error = new ApiError(validationError);
    expect(error.fieldMessage(["email"])).toBe("email must be a valid email");
  });

  test("matches a nested path element by element", () => {
    const error = new ApiError(validationError);
    expect(error.fieldMessage(["address", "zip"])).toBe("zip is required");
  });

  test("returns undefined for a field the server did not name", () => {
    const error = new ApiError(validationError);
    expect(error.fieldMessage(["password"])).toBeUndefined();
    expect(error.fieldMessage(["address"])).toBeUndefined();
  });

  test("returns undefined when the details carry no errors list", () => {
    const error = new ApiError({ data: null, error: { status: 401, name: "UnauthorizedError", message: "x", details: {} } });
    expect(error.fieldMessage(["email"])).toBeUndefined();
  });
});
