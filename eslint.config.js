// Lint rules run by `npm run lint` (part of `npm test`): TypeScript's recommended rules, the rules of
// React hooks, and the accessibility rules of jsx-a11y. The type checker runs separately (`tsc`), so
// these rules need no type information and the lint stays fast.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".wrangler/", "public/", "coverage/", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // `_name` says "deliberately unused" (a destructured field left out, a callback's first argument).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The two rules of hooks. Version 7's recommended set adds the React Compiler's rules (refs,
      // purity, set-state-in-effect); the app is not built with the compiler, so they stay off.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our own components take `autoFocus` and decide where it lands; the DOM elements stay checked.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    files: ["tests/**"],
    rules: {
      // Tests read the API's JSON answers and database rows to assert on them; typing each answer
      // again in every test would repeat the API's types without checking anything more.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
);
