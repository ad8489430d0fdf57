import { DEFAULT_MOBILE_DEVICE, MOBILE_DEVICES, type MobileReport } from '#views/model/mobile-test.ts';

/** Bytes as the report shows them: KB (at least 1) below a megabyte, else MB with one decimal. */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The screen a report was made on; reports from before the device choice existed were made on the phone. */
export function reportScreen(report: Pick<MobileReport, 'device'>) {
  return MOBILE_DEVICES[report.device ?? DEFAULT_MOBILE_DEVICE] ?? MOBILE_DEVICES[DEFAULT_MOBILE_DEVICE];
}

/** How the page was read: in a real browser on which screen, or from its HTML and CSS alone. */
export function renderModeText(report: MobileReport): string {
  const shown = reportScreen(report);
  const asGooglebot = report.userAgent === 'googlebot' ? ' as Googlebot smartphone' : '';
  if (!report.rendered)
    return `This server has no browser to render pages, so these results come from reading the HTML and CSS only${asGooglebot}; layout, tap-target and text-size findings are estimates.`;
  const files = report.pageBytes !== undefined ? `; ${formatSize(report.pageBytes)} of files` : '';
  return `Loaded in a real browser (Chromium) on a ${shown.width} × ${shown.height} ${shown.kind} screen${asGooglebot}${files}.`;
}
