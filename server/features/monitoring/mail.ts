import type { MailPayload } from '#server/lib/messaging/index.ts';
import type { Verification } from './verify.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/**
 * The double opt-in mail: the signed confirmation link (24 h), the two ways to prove the site is
 * theirs, and the monitor's own page (its manage link: it reaches only this inbox, like the
 * confirmation link, and lets whoever reads it delete a monitor they never asked for).
 */
export function confirmationMail(input: {
  brandName: string;
  email: string;
  monitorUrl: string;
  origin: string;
  confirmUrl: string;
  manageUrl: string;
  verification: Verification;
  verified: boolean;
}): MailPayload {
  const host = new URL(input.monitorUrl).host;
  const { meta, file } = input.verification;
  const proof = input.verified
    ? ['The site is already verified as yours.']
    : [
        'Then prove the site is yours, either way:',
        `- put this tag in the <head> of ${input.monitorUrl}:`,
        `  ${meta}`,
        `- or put a file at ${input.origin}${file.path} containing:`,
        `  ${file.content}`,
        '',
        'Nothing is checked until both are done.',
      ];
  const lines = [
    `You asked ${input.brandName} to check ${input.monitorUrl} on a schedule and email ${input.email} when something breaks.`,
    '',
    'Confirm your address (the link works for 24 hours):',
    input.confirmUrl,
    '',
    ...proof,
    '',
    "Your monitor's page (verify, change the schedule, pause or delete it; keep this link private):",
    input.manageUrl,
    '',
    'If you did not ask for this, ignore this email: nothing more will be sent.',
  ];
  const htmlProof = input.verified
    ? '<p>The site is already verified as yours.</p>'
    : `<p>Then prove the site is yours, either way:</p><ul><li>put this tag in the &lt;head&gt; of ${escapeHtml(input.monitorUrl)}:<br><code>${escapeHtml(meta)}</code></li><li>or put a file at <code>${escapeHtml(input.origin + file.path)}</code> containing:<br><code>${escapeHtml(file.content)}</code></li></ul><p>Nothing is checked until both are done.</p>`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>You asked ${escapeHtml(input.brandName)} to check ${escapeHtml(input.monitorUrl)} on a schedule and email ${escapeHtml(input.email)} when something breaks.</p><p><a href="${escapeHtml(input.confirmUrl)}">Confirm your address</a> (the link works for 24 hours).</p>${htmlProof}<p><a href="${escapeHtml(input.manageUrl)}">Your monitor's page</a>: verify, change the schedule, pause or delete it (keep this link private).</p><p>If you did not ask for this, ignore this email: nothing more will be sent.</p></body></html>`;
  return {
    to: [input.email],
    subject: `Confirm monitoring of ${host}`,
    text: `${lines.join('\n')}\n`,
    html,
  };
}
