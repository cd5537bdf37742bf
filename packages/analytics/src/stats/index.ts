export { currentVisitors, filteredVisits, runStats, type StatsContext, visitFilters } from './run.ts';
export { StatsQueryError } from './errors.ts';
export { conversionGoals, type Goal } from './goals.ts';
export { isTimeZone } from './periods.ts';
