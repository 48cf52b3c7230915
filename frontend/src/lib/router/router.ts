/**
 * The SPA's router: every route renders from one page payload (app/payload.ts), so routing is
 * "load the payload of the next URL, then show it" — history, links and a pending state. About
 * 1.5 kB instead of react-router's 29 kB of first-load JavaScript (issue 15), which the app used
 * for nothing else. Three kinds: the browser's (history API), a static one for the server's
 * render, and a memory one for tests.
 */

export type RouterLocation = { pathname: string; search: string; hash: string; state: unknown };

export type RouterState = {
  location: RouterLocation;
  /** The current page's data (its payload). */
  data: unknown;
  /** "loading" while the next page's data loads: the old page stays until it is in. */
  navigation: "idle" | "loading";
  /** A failed load: the error screen shows it. */
  error: unknown;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** Loads the data of a location (the browser: its payload); aborted when another navigation starts. */
export type Loader = (location: RouterLocation, signal: AbortSignal) => Promise<unknown> | unknown;

export type Router = {
  readonly state: RouterState;
  subscribe(listener: () => void): () => void;
  navigate(to: string | number, options?: NavigateOptions): void;
  /** The URL a link to `to` has, resolved against the current location. */
  href(to: string): string;
};

type History = {
  push(location: RouterLocation): void;
  replace(location: RouterLocation): void;
  go(delta: number): void;
};

const BASE = "http://splash.invalid";

export function parseLocation(url: string, state: unknown = null): RouterLocation {
  const parsed = new URL(url, BASE);
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash, state };
}

const pathOf = (location: RouterLocation) => `${location.pathname}${location.search}${location.hash}`;

function createRouter(initial: RouterState, history: History, loader: Loader | null): Router & { load(next: RouterLocation, commit: () => void): void } {
  let state = initial;
  let pending: AbortController | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const router = {
    get state() {
      return state;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    href(to: string) {
      const url = new URL(to, `${BASE}${state.location.pathname}${state.location.search}`);
      return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : url.href;
    },
    /** Loads `next` (unless only the hash changes), then shows it; `commit` updates the history. */
    load(next: RouterLocation, commit: () => void) {
      pending?.abort();
      pending = null;
      const current = state.location;
      if (!loader || (next.pathname === current.pathname && next.search === current.search && next.hash !== current.hash)) {
        commit();
        set({ location: next, navigation: "idle" });
        return;
      }
      const controller = new AbortController();
      pending = controller;
      set({ navigation: "loading" });
      Promise.resolve()
        .then(() => loader(next, controller.signal))
        .then(
          (data) => {
            if (controller.signal.aborted) return;
            pending = null;
            commit();
            set({ location: next, data, navigation: "idle", error: null });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            pending = null;
            commit();
            set({ location: next, navigation: "idle", error });
          },
        );
    },
    navigate(to: string | number, options: NavigateOptions = {}) {
      if (typeof to === "number") return history.go(to);
      const next = parseLocation(router.href(to), options.state ?? null);
      const replace = options.replace ?? pathOf(next) === pathOf(state.location);
      router.load(next, () => (replace ? history.replace(next) : history.push(next)));
    },
  };
  return router;
}

/** The browser's router: the history API, back and forward included; starts with the page's data. */
export function createBrowserRouter({ data, loader }: { data: unknown; loader: Loader }): Router {
  const browserHistory: History = {
    push: (location) => window.history.pushState(location.state, "", pathOf(location)),
    replace: (location) => window.history.replaceState(location.state, "", pathOf(location)),
    go: (delta) => window.history.go(delta),
  };
  const current = () => parseLocation(`${window.location.pathname}${window.location.search}${window.location.hash}`, window.history.state);
  const router = createRouter({ location: current(), data, navigation: "idle", error: null }, browserHistory, loader);
  window.addEventListener("popstate", () => router.load(current(), () => undefined));
  return router;
}

/** The server's render: one location, its data, no navigation. */
export function createStaticRouter(url: string, data: unknown): Router {
  const none: History = { push: () => undefined, replace: () => undefined, go: () => undefined };
  return createRouter({ location: parseLocation(url), data, navigation: "idle", error: null }, none, null);
}

/** Tests: a history in memory, starting at `initialEntries`' last entry; with a loader, data loads per navigation. */
export function createMemoryRouter({ initialEntries = ["/"], data = null, loader = null }: { initialEntries?: string[]; data?: unknown; loader?: Loader | null } = {}): Router {
  const entries = initialEntries.map((entry) => parseLocation(entry));
  let index = entries.length - 1;
  const memory: History = {
    push: (location) => {
      entries.splice(index + 1, entries.length, location);
      index = entries.length - 1;
    },
    replace: (location) => {
      entries[index] = location;
    },
    go: (delta) => {
      const target = Math.min(Math.max(index + delta, 0), entries.length - 1);
      const location = entries[target];
      if (location === undefined || target === index) return;
      router.load(location, () => {
        index = target;
      });
    },
  };
  const first = entries[index] ?? parseLocation("/");
  const router = createRouter({ location: first, data, navigation: "idle", error: null }, memory, loader);
  if (loader && data === null) router.load(first, () => undefined);
  return router;
}
