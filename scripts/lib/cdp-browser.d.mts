// Types for scripts/lib/cdp-browser.mjs (imported by tests/e2e/prerender.spec.ts).
export interface PrerenderStatus {
  url: string;
  status: 'Pending' | 'Running' | 'Ready' | 'Success' | 'Failure' | 'NotSupported';
  reason: string | null;
  at: number;
}
export interface TabRequest {
  url: string;
  type: string;
  headers: Record<string, string>;
  /** Made by a page that was still a prerender. */
  prerender: boolean;
}
export interface Tab {
  preloads: PrerenderStatus[];
  ruleSets: { errorType?: string; errorMessage?: string; sourceText: string }[];
  requests: TabRequest[];
  send(method: string, params?: object): Promise<any>;
  evaluate<T = unknown>(expression: string): Promise<T>;
  bringToFront(): Promise<void>;
  goto(url: string, timeoutMs?: number): Promise<void>;
  waitForFunction(expression: string, timeoutMs?: number): Promise<void>;
  centreOf(selector: string): Promise<{ x: number; y: number }>;
  hover(selector: string): Promise<void>;
  pointerDown(selector: string): Promise<{ x: number; y: number }>;
  click(selector: string, timeoutMs?: number): Promise<string>;
  waitForPrerender(url: string, status?: PrerenderStatus['status'], timeoutMs?: number): Promise<void>;
  evaluateInPrerender<T = unknown>(url: string, expression: string, timeoutMs?: number): Promise<T>;
  waitForHydratedPrerender(url: string, timeoutMs?: number): Promise<void>;
  candidates(): Promise<string[]>;
  close(): Promise<void>;
}
export interface Browser {
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}
export declare function launchBrowser(options?: { executablePath?: string; args?: string[]; timeoutMs?: number }): Promise<Browser>;
