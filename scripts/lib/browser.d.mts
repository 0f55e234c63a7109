// Types for scripts/lib/browser.mjs (imported by tests/unit/browser.test.ts).
export declare const SYSTEM_CHROMIUM: string;
export declare const PATH_NAMES: string[];

export type Found = { path: string; source: string } | { path: null; error?: string };
export declare function findBrowser(options: {
  env: Record<string, string | undefined>;
  which: (name: string) => string | null;
  exists: (path: string) => boolean;
  playwrightExecutable: string | null;
}): Found;

export interface InstallStep {
  name: 'apt' | 'playwright';
  say: string;
  commands: string[][];
}
export declare function installPlan(options: { platform: string; uid: number | null; sudo: boolean; which: (name: string) => string | null }): InstallStep[];
export declare function notFoundMessage(options?: { tried?: string[] }): string;
export declare function ensureBrowser(options?: { install?: boolean; log?: (line: string) => void }): Promise<string>;
