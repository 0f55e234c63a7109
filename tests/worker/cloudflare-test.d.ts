// Types for the `cloudflare:test` module (env, SELF, createExecutionContext, …) in Worker tests.
/// <reference types="@cloudflare/vitest-plugin/types" />
