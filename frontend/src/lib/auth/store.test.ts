import { afterEach, describe, expect, test, vi } from "vitest";
import { createApiClient } from "../api";
import { clearCookie, readCookie, writeCookie } from "../cookies";
import { createAuthStore, TOKEN_COOKIE, type AuthStore } from "./store";
import { jwt, userFixture } from "../../testing/auth";
import type { User } from "./types";

type Answer = { status: number; body: unknown };

/** A store whose client answers GET /users/me from `answers` (in turn) and records the bearer of each call. */
function storeWith(...answers: (Answer | Promise<Answer>)[]) {
  const bearers: (string | undefined)[] = [];
  let store: AuthStore | null = null;
  const fetch = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    bearers.push((init.headers as Record<string, string>).authorization);
    const answer = await (answers.shift() ?? { status: 500, body: null });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
  const client = createApiClient({ baseURL: "", prefix: "/api", fetch: fetch as unknown as typeof globalThis.fetch, getToken: () => store?.getToken() });
  store = createAuthStore(client);
  return { store, fetch, bearers };
}

const me = (user: User = userFixture()): Answer => ({ status: 200, body: user });
const unauthorized: Answer = {
  status: 401,
  body: { data: null, error: { status: 401, name: "UnauthorizedError", message: "Invalid token", details: {} } },
};

afterEach(() => {
  clearCookie(TOKEN_COOKIE);
  vi.restoreAllMocks();
});

describe("createAuthStore", () => {
  test("before start it is unknown: no token, no user, no request", () => {
    const { store, fetch } = storeWith();
    expect(store.getState()).toEqual({ status: "unknown", token: null, user: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  test("signIn replaces the old token, stores the new one in the cookie, then loads the user with it", async () => {
    // given: signed in with an old token
    const { store, bearers } = storeWith(me(userFixture({ firstname: "Old" })), me(userFixture({ firstname: "New" })));
    await store.signIn(jwt("old"));
    // when
    const user = await store.signIn(jwt("new"));
    // then
    expect(bearers).toEqual([`Bearer ${jwt("old")}`, `Bearer ${jwt("new")}`]);
    expect(readCookie(TOKEN_COOKIE)).toBe(jwt("new"));
    expect(user.firstname).toBe("New");
    expect(store.getState()).toEqual({ status: "signed-in", token: jwt("new"), user });
    expect(store.getToken()).toBe(jwt("new"));
  });

  test("the token cookie lives 30 days on path / with SameSite=Lax", async () => {
    const set = vi.spyOn(document, "cookie", "set");
    const { store } = storeWith(me());
    await store.signIn("a.b.c");
    expect(set).toHaveBeenCalledWith("token=a.b.c; Max-Age=2592000; Path=/; SameSite=Lax");
  });

  test("a failing /users/me after signIn clears the token (memory and cookie) and rejects", async () => {
    const { store } = storeWith(unauthorized);
    await expect(store.signIn(jwt("revoked"))).rejects.toMatchObject({ status: 401 });
    expect(store.getState()).toEqual({ status: "signed-out", token: null, user: null });
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  test("signOut clears token, cookie and user", async () => {
    const { store } = storeWith(me());
    await store.signIn(jwt("ouder"));
    store.signOut();
    expect(store.getState()).toEqual({ status: "signed-out", token: null, user: null });
    expect(store.getToken()).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  test("start without a token cookie: signed out, no request", async () => {
    const { store, fetch } = storeWith();
    await store.start();
    expect(store.getState().status).toBe("signed-out");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("start with a token cookie loads the user with that token", async () => {
    // given
    writeCookie(TOKEN_COOKIE, jwt("saved"), 60);
    const { store, bearers } = storeWith(me());
    // when
    await store.start();
    // then
    expect(bearers).toEqual([`Bearer ${jwt("saved")}`]);
    expect(store.getState()).toMatchObject({ status: "signed-in", token: jwt("saved"), user: { email: "ouder@example.com" } });
  });

  test("while the user loads at start the status stays unknown", async () => {
    writeCookie(TOKEN_COOKIE, jwt("saved"), 60);
    let answer: (value: Answer) => void = () => undefined;
    const { store } = storeWith(new Promise<Answer>((resolve) => (answer = resolve)));
    const started = store.start();
    expect(store.getState()).toEqual({ status: "unknown", token: jwt("saved"), user: null });
    answer(me());
    await started;
    expect(store.getState().status).toBe("signed-in");
  });

  test("start with an expired token cookie: the failing fetch clears the token", async () => {
    writeCookie(TOKEN_COOKIE, jwt("expired"), 60);
    const { store } = storeWith(unauthorized);
    await store.start();
    expect(store.getState()).toEqual({ status: "signed-out", token: null, user: null });
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  test("start runs once, and not when a user is already loaded", async () => {
    const { store, fetch } = storeWith(me());
    await store.signIn(jwt("ouder"));
    await store.start();
    await store.start();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("an answer for a token that was signed out meanwhile is dropped", async () => {
    writeCookie(TOKEN_COOKIE, jwt("saved"), 60);
    let answer: (value: Answer) => void = () => undefined;
    const { store } = storeWith(new Promise<Answer>((resolve) => (answer = resolve)));
    const started = store.start();
    store.signOut();
    answer(me());
    await started;
    expect(store.getState()).toEqual({ status: "signed-out", token: null, user: null });
  });

  test("refresh loads the user again for the current token; setUser takes a fresh user", async () => {
    const { store } = storeWith(me(userFixture({ firstname: "A" })), me(userFixture({ firstname: "B" })));
    await store.signIn(jwt("ouder"));
    expect((await store.refresh())?.firstname).toBe("B");
    store.setUser(userFixture({ firstname: "C" }));
    expect(store.getState().user?.firstname).toBe("C");
  });

  test("subscribers hear every change", async () => {
    const { store } = storeWith(me());
    const heard: string[] = [];
    store.subscribe(() => heard.push(store.getState().status));
    await store.signIn(jwt("ouder"));
    store.signOut();
    expect(heard).toEqual(["unknown", "signed-in", "signed-out"]);
  });
});
