/**
 * Confirmed Google core updates with the start and completion dates Google announced on its
 * Search Status Dashboard (US Pacific dates). Only updates whose dates this site can vouch for
 * are listed (dates reported the same way by several independent sources citing the dashboard);
 * the dashboard is linked for anything newer, and the page says where the list stops. Add a row
 * when a rollout completes and its dates can be checked, then move LAST_REVIEWED.
 */
export interface CoreUpdate {
  name: string;
  /** `YYYY-MM-DD` the rollout began. */
  started: string;
  /** `YYYY-MM-DD` Google said the rollout was complete. */
  completed: string;
}

export const coreUpdates: readonly CoreUpdate[] = [
  { name: 'March 2026 core update', started: '2026-03-27', completed: '2026-04-08' },
  { name: 'December 2025 core update', started: '2025-12-11', completed: '2025-12-29' },
  { name: 'June 2025 core update', started: '2025-06-30', completed: '2025-07-17' },
  { name: 'March 2025 core update', started: '2025-03-13', completed: '2025-03-27' },
  { name: 'December 2024 core update', started: '2024-12-12', completed: '2024-12-18' },
  { name: 'November 2024 core update', started: '2024-11-11', completed: '2024-12-05' },
  { name: 'August 2024 core update', started: '2024-08-15', completed: '2024-09-03' },
  { name: 'March 2024 core update', started: '2024-03-05', completed: '2024-04-19' },
  { name: 'November 2023 core update', started: '2023-11-02', completed: '2023-11-28' },
  { name: 'October 2023 core update', started: '2023-10-05', completed: '2023-10-19' },
  { name: 'August 2023 core update', started: '2023-08-22', completed: '2023-09-07' },
  { name: 'March 2023 core update', started: '2023-03-15', completed: '2023-03-28' },
  { name: 'September 2022 core update', started: '2022-09-12', completed: '2022-09-26' },
  { name: 'May 2022 core update', started: '2022-05-25', completed: '2022-06-09' },
];

/** When the list was last reviewed; it names where it stops, so this never claims nothing happened since. */
export const LAST_REVIEWED = '2026-11-23';

/** The newest update in the list: the page says the list stops there. */
export const NEWEST_LISTED = coreUpdates[0];

/** Google's Search Status Dashboard: the current, complete list of ranking incidents and updates. */
export const STATUS_DASHBOARD_URL = 'https://status.search.google.com/summary';

/** Calendar days from start to completion as Google announced them (the start day counts as day 0). */
export function rolloutDays(update: CoreUpdate): number {
  return Math.round(
    (Date.parse(`${update.completed}T00:00:00Z`) - Date.parse(`${update.started}T00:00:00Z`)) / 86_400_000,
  );
}
