export const BUDGETS: {
  homeJsGzipKb: number;
  homeCssGzipKb: number;
  vitalsJsGzipKb: number;
  lighthouseMinPerformance: number;
  lighthouseOtherCategories: number;
  beaconThroughputRatioToHealth: number;
  beaconCostMarginMs: number;
  planUpstreamCallsPerCurrency: number;
  homeRenderMs: number;
  pageRenderMs: number;
  pageRenderMarginOverHealthMs: number;
  pageThroughputRatioToStatic: number;
  pageThroughputPages: string[];
  workerBundleGzipKb: number;
  startupActiveMs: number;
  prerenderedNextPageLcpMs: number;
};
export function checkBudgets(results: unknown): { name: string; limit: string; measured: string; pass: boolean }[];
