// ESLint flat config. Besides the usual correctness rules it enforces the layer directions of
// docs/decisions/0011-codebase-layout.md (layers):
//  - the clinical engine (app/clinical) and document reading (app/documents) import no domain, no
//    route and no UI: they are pure libraries the domains build on;
//  - the job queue (app/queue) imports no domain either, only ~/lib, ~/generated, ~/queue, node and
//    packages: the app's jobs reach it from the composition root app/jobs.server.ts
//    (docs/decisions/0014-typed-jobs.md);
//  - routes are adapters and never import other routes (shared code lives in a domain module);
//  - nothing outside app/routes imports a route module;
//  - app/ imports nothing from fixtures/ (demo content, eval sets) except fixtures/demo/runtime.ts,
//    the one narrow module the public demo and the admin data contexts use; tests may import fixtures.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const DOMAINS = [
  "agents",
  "api",
  "auth",
  "chat",
  "claims",
  "components",
  "coverage-policies",
  "evaluation",
  "formulary",
  "intake",
  "letters",
  "openapi",
  "organizations",
  "plans",
  "prior-auths",
  "prompts",
  "routes",
  "synthetic",
  "ui",
];

// What app/queue may not import: any ~/ module outside lib, generated and queue, or a parent folder.
const QUEUE_FORBIDDEN = /^(~\/(?!(lib|generated|queue)\/)|\.\.\/)/;
const QUEUE_MESSAGE =
  "The job queue imports no domain: only ~/lib, ~/generated, ~/queue, node and packages. List jobs in the composition root app/jobs.server.ts (docs/decisions/0014-typed-jobs.md).";

const noRoutes = { group: ["~/routes/*", "~/routes/**"], message: "Routes are adapters: move shared code into a domain module (STYLE.md)." };
const noFixtures = {
  regex: "(^|/)fixtures/(?!demo/runtime$)",
  message:
    "Demo content and eval sets are not product code: app/ reaches fixtures/ only through fixtures/demo/runtime.ts (docs/decisions/0011-codebase-layout.md).",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".test-build*/**",
      "node_modules/**",
      ".react-router/**",
      "app/generated/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "tests/e2e/.tmp/**",
      "tools/**",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { console: "readonly", process: "readonly", URL: "readonly", Response: "readonly", Request: "readonly" } },
    rules: {
      // TypeScript checks these (tsc runs in the same test step).
      "no-undef": "off",
      "no-redeclare": "off",
      // Warnings: existing dead code in the engine is its owners' to remove; new code should not add any.
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unused-expressions": ["warn", { allowShortCircuit: true, allowTernary: true }],
      ...reactHooks.configs.recommended.rules,
      // Sanitisers match control characters on purpose; escapes are a matter of taste.
      "no-control-regex": "off",
      "no-useless-escape": "off",
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx", "workers/**/*.ts", "server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes, noFixtures] }] },
  },
  {
    // Unit tests next to the code may use the demo content.
    files: ["app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes] }] },
  },
  {
    // Tests call route modules directly and build loose fixtures.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/clinical/**/*.ts", "app/clinical/**/*.tsx", "app/documents/**/*.ts", "app/documents/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: DOMAINS.flatMap((d) => [`~/${d}/*`, `~/${d}/**`]),
              message: "The clinical engine and document reading import no domain, route or UI code (layer direction, docs/decisions/0011-codebase-layout.md).",
            },
            noFixtures,
          ],
        },
      ],
    },
  },
  {
    files: ["app/queue/**/*.ts", "app/queue/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: QUEUE_FORBIDDEN.source,
              message: QUEUE_MESSAGE,
            },
          ],
        },
      ],
      // The same for `await import(...)` (the queue once loaded the app's jobs that way on first use).
      "no-restricted-syntax": ["error", { selector: `ImportExpression[source.value=/${QUEUE_FORBIDDEN.source}/]`, message: QUEUE_MESSAGE }],
    },
  },
  {
    files: ["app/routes/**/*.ts", "app/routes/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [noRoutes, noFixtures, { regex: "^\\.\\.?/(?!\\+types/)", message: "Routes never import other routes; use ~/<domain> modules." }],
        },
      ],
    },
  },
);
