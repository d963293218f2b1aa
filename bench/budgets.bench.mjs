// Size budgets (scripts/budgets.mjs measures them): gzip bytes of the JavaScript and CSS each page loads
// before its first render, against its budget (the "baseline"), so a ratio above 1 is over budget.
import { measureBudgets } from '../scripts/budgets.mjs';

export default async function run({ browser, baseURL }) {
  const rows = await measureBudgets({ browser, baseURL });
  return {
    name: 'budgets',
    description: 'gzip bytes of JS and CSS before first render, against the budget (ratio > 1 = over budget)',
    rows: rows.map((r) => ({ metric: r.metric, value: r.value, baseline: r.budget, unit: 'B' })),
  };
}
