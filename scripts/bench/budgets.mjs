// The budgets the issues name, checked against one bench run. KB = 1024 bytes.
export const BUDGETS = {
  homeJsGzipKb: 75,
  homeCssGzipKb: 15,
  lighthouseMinPerformance: 95,
  lighthouseOtherCategories: 100,
};

export function checkBudgets(r) {
  const out = [];
  const home = r.pages.home;
  if (home) {
    out.push({ name: 'home JS (gzip)', limit: `≤ ${BUDGETS.homeJsGzipKb} KB`, measured: `${(home.js.gzip / 1024).toFixed(1)} KB`, pass: home.js.gzip <= BUDGETS.homeJsGzipKb * 1024 });
    out.push({ name: 'home CSS (gzip)', limit: `≤ ${BUDGETS.homeCssGzipKb} KB`, measured: `${(home.css.gzip / 1024).toFixed(1)} KB`, pass: home.css.gzip <= BUDGETS.homeCssGzipKb * 1024 });
  }
  for (const row of r.lighthouse) {
    const path = new URL(row.url).pathname;
    out.push({ name: `Lighthouse ${row.formFactor} performance ${path}`, limit: `≥ ${BUDGETS.lighthouseMinPerformance}`, measured: String(row.performance), pass: row.performance >= BUDGETS.lighthouseMinPerformance });
    for (const [key, label] of [['accessibility', 'accessibility'], ['bestPractices', 'best practices'], ['seo', 'SEO']]) {
      out.push({ name: `Lighthouse ${row.formFactor} ${label} ${path}`, limit: `= ${BUDGETS.lighthouseOtherCategories}`, measured: String(row[key]), pass: row[key] >= BUDGETS.lighthouseOtherCategories });
    }
  }
  return out;
}
