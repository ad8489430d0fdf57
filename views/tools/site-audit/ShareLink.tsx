import { useRef, useState } from 'react';
import { reportPath } from './logic.ts';

/** What the visitor is told after "Copy link": copied, or (no clipboard access) that the link is selected for them. */
export const COPIED = 'Link copied.';
export const SELECTED = 'The link is selected: copy it with Ctrl+C, or long-press and Copy on a phone.';

/**
 * The report's address as it is shared (absolute, on SITE_URL, so a pasted link works anywhere) and a button
 * that copies it. Without clipboard access (an old browser, a denied permission) the text is selected instead.
 */
export function ShareLink({ auditId, siteUrl = '' }: { auditId: string; siteUrl?: string }) {
  const href = `${siteUrl}${reportPath(auditId)}`;
  const link = useRef<HTMLAnchorElement>(null);
  const [said, setSaid] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(href);
      setSaid(COPIED);
    } catch {
      const selection = window.getSelection();
      if (link.current && selection) selection.selectAllChildren(link.current);
      setSaid(SELECTED);
    }
  }
  return (
    <p className="audit-share">
      Shareable report link:{' '}
      <a href={href} ref={link}>
        {href}
      </a>{' '}
      <button type="button" className="button secondary" onClick={() => void copy()}>
        Copy link
      </button>
      <span className="audit-share-said" role="status" aria-live="polite">
        {said}
      </span>
    </p>
  );
}
