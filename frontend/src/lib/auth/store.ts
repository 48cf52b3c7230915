/**
 * Who is signed in. Signed out = no token and no user; signed in = a token and its user. The token
 * lives in the `token` cookie (30 days) and in memory, where the one API client reads it.
 *
 * "unknown" is what the server renders and what hydration sees: nothing here reads a cookie before
 * start(), which the provider calls once the page is hydrated. While a user is loading for a token
 * the status stays "unknown" (or "signed-in" with the previous user when a new token replaces one).
 */
import type { ApiClient } from "../api";
import { clearCookie, readCookie, writeCookie } from "../cookies";
import { getMe } from "./api";
import type { User } from "./types";

export type AuthStatus = "unknown" | "signed-out" | "signed-in";
export type AuthState = { status: AuthStatus; token: string | null; user: User | null };

export const TOKEN_COOKIE = "token";
export const TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The state before start(): the same object on the server, while hydrating and in the browser. */
export const UNKNOWN: AuthState = Object.freeze({ status: "unknown", token: null, user: null });
const SIGNED_OUT: AuthState = Object.freeze({ status: "signed-out", token: null, user: null });

export type AuthStore = {
  getState: () => AuthState;
  subscribe: (listener: () => void) => () => void;
  /** The bearer token for the API client, or null. */
  getToken: () => string | null;
  /** Once, in the browser after hydration: loads the user when a token cookie exists. */
  start: () => Promise<void>;
  /** Replaces the token with `jwt` and loads its user; rejects (signed out) when that fails. */
  signIn: (jwt: string) => Promise<User>;
  signOut: () => void;
  /** Loads the user again for the current token; null (signed out) when that fails. */
  refresh: () => Promise<User | null>;
  /** Takes a user the API just answered (e.g. after saving the profile). */
  setUser: (user: User) => void;
};

export function createAuthStore(client: ApiClient): AuthStore {
  let state: AuthState = UNKNOWN;
  let started = false;
  // Each load gets a number; an answer for an older one (a token since replaced or signed out) is dropped.
  let latest = 0;
  const listeners = new Set<() => void>();

  function set(next: AuthState): void {
    state = next;
    for (const notify of listeners) notify();
  }

  function signOut(): void {
    latest++;
    started = true;
    clearCookie(TOKEN_COOKIE);
    set(SIGNED_OUT);
  }

  async function load(token: string): Promise<User> {
    const mine = ++latest;
    set({ status: state.user ? "signed-in" : "unknown", token, user: state.user });
    try {
      const user = await getMe(client);
      if (mine === latest) set({ status: "signed-in", token, user });
      return user;
    } catch (error) {
      if (mine === latest) signOut();
      throw error;
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToken: () => state.token,
    async start() {
      if (started) return;
      started = true;
      if (state.user) return;
      const token = readCookie(TOKEN_COOKIE);
      if (!token) {
        set(SIGNED_OUT);
        return;
      }
      await load(token).catch(() => undefined);
    },
    signIn(jwt) {
      started = true;
      // The new token replaces the old one (cookie and memory) before the user request, which carries it.
      writeCookie(TOKEN_COOKIE, jwt, TOKEN_MAX_AGE_SECONDS);
      return load(jwt);
    },
    signOut,
    async refresh() {
      started = true;
      const token = state.token ?? readCookie(TOKEN_COOKIE);
      if (!token) {
        signOut();
        return null;
      }
      return load(token).catch(() => null);
    },
    setUser(user) {
      if (state.token) set({ status: "signed-in", token: state.token, user });
    },
  };
}
