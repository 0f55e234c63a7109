export const BUDGETS: {
  homeJsGzipKb: number;
  homeCssGzipKb: number;
  lighthouseMinPerformance: number;
  lighthouseOtherCategories: number;
  beaconThroughputRatioToHealth: number;
  beaconCostMarginMs: number;
  planUpstreamCallsPerCurrency: number;
};
export function checkBudgets(results: unknown): { name: string; limit: string; measured: string; pass: boolean }[];
