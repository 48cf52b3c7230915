import { defineConfig, devices, type LaunchOptions } from "@playwright/test";
import chromiumFlags from "./chromium-flags.json" with { type: "json" };

/**
 * End-to-end tests against a freshly seeded Splash (backend/testkit/server.py), which serves
 * the built SPA (run `npm run build` first). Uses Debian's Chromium; never downloads a browser.
 * Locale domains: localhost (nl), en.localhost, de.localhost, … all on port 8123 (SPLASH_E2E_PORT; the
 * Google stub and the server without Google take the next two ports, so two checkouts can run side by side).
 */
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: chromiumFlags, // one list for the e2e tests, Lighthouse and the navigation benchmark
};

/**
 * Every domain remembers its own language (the 'locale' cookie the language switcher stores), so
 * a visit of a domain's root is never redirected by the browser's Accept-Language (en-US here).
 * Locale detection itself is covered by the backend's tests and by its own spec, which clears these.
 */
const HOSTS = { nl: "localhost", en: "en.localhost", de: "de.localhost", es: "es.localhost", fr: "fr.localhost", sv: "sv.localhost" };
const storageState = {
  cookies: Object.entries(HOSTS).map(([locale, host]) => ({
    name: "locale",
    value: locale,
    domain: host,
    path: "/",
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: "Lax" as const,
  })),
  origins: [],
};

/** The stub Google OAuth server (backend/testkit/google_stub.py). */
const PORT = Number(process.env.SPLASH_E2E_PORT ?? 8123);
const GOOGLE_STUB_PORT = PORT + 1;
const BARE_PORT = PORT + 2;
const GOOGLE_STUB = `http://127.0.0.1:${GOOGLE_STUB_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions,
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions, storageState },
    },
  ],
  webServer: [
    {
      // Google's OAuth servers, played by a local stub (the internet is not reachable).
      command: `../.venv/bin/python -m testkit.google_stub --port ${GOOGLE_STUB_PORT}`,
      cwd: "../backend",
      url: `${GOOGLE_STUB}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `../.venv/bin/python -m testkit.server --port ${PORT}`,
      cwd: "../backend",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        SPLASH_GOOGLE_CLIENT_ID: "splash-test",
        SPLASH_GOOGLE_CLIENT_SECRET: "splash-test-secret",
        SPLASH_GOOGLE_AUTHORIZE_URL: `${GOOGLE_STUB}/o/oauth2/v2/auth`,
        SPLASH_GOOGLE_TOKEN_URL: `${GOOGLE_STUB}/token`,
        SPLASH_GOOGLE_JWKS_URL: `${GOOGLE_STUB}/oauth2/v3/certs`,
        SPLASH_GOOGLE_ISSUER: GOOGLE_STUB,
        // Every spec's orders come from one client address and some stay unpaid for the run:
        // the cap on open unpaid orders per client (5 by default) is not what they test.
        SPLASH_CHECKOUT_OPEN_PER_CLIENT: "100",
      },
    },
    {
      // The embedded default: Google sign-in not configured (google-off.spec.ts).
      command: `../.venv/bin/python -m testkit.server --port ${BARE_PORT}`,
      cwd: "../backend",
      url: `http://127.0.0.1:${BARE_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
