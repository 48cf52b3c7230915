// @ts-check
/**
 * ESLint 9 flat config: typescript-eslint (recommended) for TS/TSX, the React hooks rules, and the
 * architecture rule. Layers: src/app → src/features/* → src/lib, src/ui.
 *  - src/lib and src/ui are shared building blocks: they import neither a feature nor the app.
 *  - A feature (src/features/X) never imports another feature (src/features/Y); what two features
 *    share lives in src/lib or src/ui, and the app composes the features.
 *  - src/testing (the unit tests' factories, fakes and setup) is imported by tests only, so it never
 *    reaches the bundle.
 */
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The zones below are relative to this folder, wherever eslint is started from. */
const ROOT = import.meta.dirname;

/** The feature folders, existing or planned; each is walled off from the other ones. */
const FEATURES = ["content", "shop", "cart", "checkout", "orders", "academy", "auth", "profile"];

const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: FEATURES.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
  message: `A feature does not import another feature: move what features/${feature} needs to src/lib or src/ui, or compose the two in src/app.`,
}));

const LAYER_ZONES = [
  {
    target: ["./src/lib", "./src/ui"],
    from: ["./src/features", "./src/app"],
    message: "src/lib and src/ui are shared building blocks: they import neither a feature nor the app.",
  },
  ...featureZones,
];

/** The product's modules: everything under src but the unit tests and their support folder. */
const TEST_FILES = ["src/**/*.test.{ts,tsx}", "src/testing/**"];

/** A test file is never imported: what tests share lives in src/testing (or tests/e2e/support.ts…). */
const NO_TEST_FILE_IMPORTS = {
  regex: "\\.(test|spec)(\\.tsx?)?$",
  message: "A test imports no other test file: move what tests share to src/testing.",
};

const TESTING_ZONE = {
  target: "./src",
  from: "./src/testing",
  message: "src/testing is for tests only (*.test.ts[x]): the product never imports a fixture or a fake.",
};

export default defineConfig(
  { ignores: ["dist/", "dist-server/", "node_modules/", "test-results/", "playwright-report/"] },

  js.configs.recommended,

  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },

  // Node code: the renderer script, the tool configs and the Playwright / Pact tests.
  {
    files: ["scripts/**", "tests/**", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
    rules: { "no-restricted-imports": ["error", { patterns: [NO_TEST_FILE_IMPORTS] }] },
  },

  // A test that asserts nothing cannot fail. Vitest refuses one at run time (expect.requireAssertions);
  // an end-to-end test must call expect or a helper named expect… (tests/e2e/support.ts, axe.ts).
  {
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='test'] > :function:last-child:not(:has(Identifier[name=/^expect/]))",
          message: "This test asserts nothing: call expect, or a helper named expect… that does.",
        },
      ],
    },
  },

  { files: ["src/**/*.{ts,tsx}"], extends: [reactHooks.configs.flat.recommended] },

  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { import: importPlugin },
    settings: {
      // Both rules only follow imports they can resolve to a file, and no-cycle must parse the TS
      // files it follows (without this parser it silently finds no cycle at all).
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".jsx", ".json"] } },
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Never parse dependencies: no-cycle then costs ~0.5 s instead of ~5 s, and a cycle through
      // node_modules is not ours to fix anyway.
      "import/ignore": ["node_modules"],
    },
    rules: {
      // Cheap with import/ignore above (the whole lint run takes a few seconds); revisit if it gets slow.
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": ["error", { basePath: ROOT, zones: LAYER_ZONES }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-i18next",
              importNames: ["useTranslation"],
              message: "Use useTranslation from src/lib/i18n: the instance's own t, not a copy per component.",
            },
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Use Link from src/ui/link: a plain anchor the router follows, without resolving each path.",
            },
          ],
          patterns: [NO_TEST_FILE_IMPORTS],
        },
      ],
    },
  },

  // The same walls plus one for the product's own modules (the rule's options replace the above).
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: TEST_FILES,
    rules: { "import/no-restricted-paths": ["error", { basePath: ROOT, zones: [...LAYER_ZONES, TESTING_ZONE] }] },
  },
);
