import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], setupFiles: ["src/test-setup.ts"] },
      },
      {
        extends: true,
        test: { name: "pact", environment: "node", include: ["tests/pact/**/*.pact.test.ts"], fileParallelism: false, testTimeout: 30000 },
      },
    ],
  },
});
