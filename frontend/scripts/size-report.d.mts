export const FIRST_LOAD_BUDGET_KIB: number;
export const FIRST_LOAD_GOAL_KIB: number;
export const CONTENT_PAGES: Record<string, string[]>;
export type SizeReport = {
  budgetKiB: number;
  goalKiB: number;
  texts: string;
  chunks: Record<string, { file: string; gzip: number }>;
  pages: Record<string, { gzip: number; chunks: { key: string; file: string; gzip: number }[] }>;
  costs: Record<string, number>;
};
export function sizeReport(dist?: string): SizeReport;
