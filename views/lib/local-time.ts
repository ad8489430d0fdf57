/**
 * A moment as people here read it (decision 0047): "27 Nov 2026, 8:31 pm IST". Indian English
 * wording; the zone's abbreviation where the locale has one (IST, GMT, GST), else its offset
 * ("GMT-5"), so the time is never ambiguous. The inbox passes the operator's zone (profile); a tool
 * in the browser passes none, so the visitor's own zone is used.
 */
export function formatLocalTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-IN', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).format(date);
}
