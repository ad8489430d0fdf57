import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { ApiError, requestJson } from '#views/lib/request-json.ts';
import { CHANGE_FIELDS, FIELD_LABELS, type ChangeField } from '#views/model/monitor-changes.ts';
import { monitorApi } from './logic.ts';
import type { WatchChoices, WebhookFormatChoice } from './model.ts';

export const WATCH_SAVED = 'Your alert choices are saved.';
export const WATCH_SAVE_FAILED = 'Could not save the alert choices. Please try again.';

/** What each field's change means, in the owner's words (the labels are the alerts'). */
const FIELD_HINTS: Record<ChangeField, string> = {
  status: 'the page answers another HTTP status (an error, a redirect)',
  redirect: 'the page redirects somewhere else',
  title: 'the page title changed',
  description: 'the meta description changed',
  h1: 'the main heading changed',
  canonical: 'the page names another canonical address',
  indexability: 'the page can or can no longer appear in search results (noindex)',
  hreflang: 'the language versions it links changed',
  'structured-data': 'a structured data type was added or removed',
  'word-count': 'much text was added or removed',
  'internal-links': 'links to your other pages were added or removed',
  'robots-txt': 'rules were added to or removed from robots.txt',
  sitemap: 'addresses were added to or dropped from the sitemap',
  certificate: 'the HTTPS certificate runs out soon or is not valid',
  'host-variants': 'http, https or www addresses no longer redirect to your address',
  blip: 'a page answered an error once, then recovered',
};

const FORMAT_LABELS: Record<WebhookFormatChoice, string> = {
  auto: 'Told by the address (Slack’s and Teams’ are recognised; else plain JSON)',
  json: 'Plain JSON',
  slack: 'Slack',
  teams: 'Microsoft Teams',
};

export interface WatchWidgetProps {
  id: string;
  token: string;
  webhookUrl: string | null;
  choices: WatchChoices;
  /** The outcome of a form posted without JavaScript (the redirect back says it). */
  saved?: boolean;
  error?: string;
}

const toggled = <T,>(set: ReadonlySet<T>, value: T) => {
  const next = new Set(set);
  if (!next.delete(value)) next.add(value);
  return next;
};

/**
 * "Change alerts" (issue 35): which fields alert, which watched pages are muted, the webhook's
 * format. A real form posting to /monitor/:id/watch (watch-form-router.ts), so it works before the script
 * runs; the script sends the same choices to PUT /api/monitors/:id/watch and shows what was stored.
 */
export default function WatchWidget({ id, token, webhookUrl, choices, saved, error }: WatchWidgetProps) {
  const [fields, setFields] = useState<ReadonlySet<ChangeField>>(new Set(choices.alertFields));
  const [muted, setMuted] = useState<ReadonlySet<string>>(new Set(choices.muted));
  const [format, setFormat] = useState(choices.webhookFormat);
  const [news, setNews] = useState(saved ? WATCH_SAVED : '');
  const [failure, setFailure] = useState(error ?? '');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setNews('');
    setFailure('');
    try {
      const body = {
        alertFields: CHANGE_FIELDS.filter((field) => fields.has(field)),
        mute: choices.pages.filter((url) => muted.has(url)),
        unmute: choices.pages.filter((url) => !muted.has(url)),
        ...(webhookUrl ? { webhookFormat: format } : {}),
      };
      const stored = await requestJson<Omit<WatchChoices, 'pages'>>(
        monitorApi(id, token, 'watch'),
        WATCH_SAVE_FAILED,
        body,
        {
          method: 'PUT',
        },
      );
      setFields(new Set(stored.alertFields));
      setMuted(new Set(stored.muted));
      setFormat(stored.webhookFormat);
      setNews(WATCH_SAVED);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : WATCH_SAVE_FAILED);
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="tool-card monitor-alerts" aria-labelledby="monitor-alerts">
      <h2 id="monitor-alerts">Change alerts</h2>
      <form
        method="post"
        action={`/monitor/${encodeURIComponent(id)}/watch?token=${encodeURIComponent(token)}`}
        onSubmit={(event) => void submit(event)}
      >
        <fieldset>
          <legend>Alert me when</legend>
          {CHANGE_FIELDS.map((field) => (
            <label key={field} className="monitor-check">
              <input
                type="checkbox"
                name="alertFields"
                value={field}
                checked={fields.has(field)}
                onChange={() => setFields((set) => toggled(set, field))}
              />
              <span>
                <strong>{FIELD_LABELS[field]}</strong>: {FIELD_HINTS[field]}
              </span>
            </label>
          ))}
        </fieldset>
        {webhookUrl ? (
          <fieldset>
            <legend>Webhook format</legend>
            <p className="muted monitor-hint monitor-url">Sent to {webhookUrl}</p>
            {(Object.keys(FORMAT_LABELS) as WebhookFormatChoice[]).map((value) => (
              <label key={value} className="monitor-check">
                <input
                  type="radio"
                  name="webhookFormat"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />
                {FORMAT_LABELS[value]}
              </label>
            ))}
          </fieldset>
        ) : null}
        <MutedPages pages={choices.pages} muted={muted} toggle={(url) => setMuted((set) => toggled(set, url))} />
        <ErrorMessage error={failure} />
        <div aria-live="polite">{news ? <p className="success">{news}</p> : null}</div>
        <div className="actions">
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Saving…' : 'Save alert choices'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One box per watched page: a muted page's changes are still recorded, never alerted. */
function MutedPages({
  pages,
  muted,
  toggle,
}: {
  pages: string[];
  muted: ReadonlySet<string>;
  toggle: (url: string) => void;
}) {
  return (
    <fieldset>
      <legend>Muted pages</legend>
      {pages.length === 0 ? (
        <p className="muted monitor-hint">The watch lists its pages after its first look at the site.</p>
      ) : (
        <>
          <p className="muted monitor-hint">
            Tick a page to mute it: its changes stay in the history but send no alert. {muted.size} of {pages.length}{' '}
            pages muted.
          </p>
          <ul className="monitor-watched-pages">
            {pages.map((url) => (
              <li key={url}>
                <label className="monitor-check">
                  <input
                    type="checkbox"
                    name="muted"
                    value={url}
                    checked={muted.has(url)}
                    onChange={() => toggle(url)}
                  />
                  <span className="monitor-url">Mute {url}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
