import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    // A test that asserts nothing cannot fail: Vitest fails it (issue 26).
    expect: { requireAssertions: true },
    projects: [
      {
        // One jsdom and module graph per worker, shared by its files (a third of the time); each test
        // resets the page (src/testing/setup.ts).
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/**/*.ssr.test.tsx"],
          setupFiles: ["src/testing/setup.ts"],
          isolate: false,
        },
      },
      {
        // Server rendering then hydrating: React's server and browser renderers both mark the shared
        // contexts, so these files get a module graph of their own.
        extends: true,
        test: { name: "ssr", environment: "jsdom", include: ["src/**/*.ssr.test.tsx"], setupFiles: ["src/testing/setup.ts"] },
      },
      {
        extends: true,
        test: { name: "pact", environment: "node", include: ["tests/pact/**/*.pact.test.ts"], fileParallelism: false, testTimeout: 30000 },
      },
    ],
  },
});
