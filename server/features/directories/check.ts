export { checkSite, DEFAULT_LIMITS, type CheckLimits, type SiteCheck } from './check-site.ts';
export { isFailure, type Outcome } from './evidence.ts';
export {
  CheckResultsError,
  EMPTY_RESULTS,
  HIDE_AFTER_FAILURES,
  parseResults,
  readResultsFile,
  resultsPath,
  type CheckResults,
  type SiteResult,
} from './results.ts';
export { DEFAULT_CONCURRENCY, looksLikeLocalOutage, runChecks, type RunOptions } from './check-run.ts';
export { formatReport, type ListToCheck } from './report.ts';
export {
  checkDirectories,
  DIRECTORY_CHECK_ID,
  DIRECTORY_CHECK_JOB,
  type DirectoryCheckInput,
  type DirectoryCheckProgress,
  type DirectoryCheckSummary,
} from './job.ts';
