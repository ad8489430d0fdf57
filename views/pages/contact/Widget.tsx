import { useEffect, useRef, useState, type FormEvent } from 'react';
import { telHref } from '#views/business.ts';
import { ApiError, apiFetch } from '#views/lib/request-json.ts';
import { contactLimits, HONEYPOT_FIELD } from '#views/pages/shared/form-limits.ts';
import { Honeypot } from '#views/pages/shared/Honeypot.tsx';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { formatInr, SEO_PACKAGES, type Package } from '#views/model/plans.ts';
import { leadSource } from '#views/model/source-page.ts';
import { formCopy, sentCopy } from './content.ts';
import { isId } from '#views/model/ids.ts';

export interface ContactWidgetProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
  /** The business's phone (profile), offered in the confirmation for anything urgent. */
  phone: string;
  /** Office hours as people read them (profile), when the profile has them. */
  hours?: string;
}

/** What the visitor sent, as typed (trimmed), for the confirmation to repeat. */
interface Sent {
  email: string;
  phone: string;
}

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; sent: Sent } | { kind: 'error'; message: string };

const empty = { name: '', email: '', phone: '', website: '', message: '' };

/** Where the visitor came from a site audit's call to action: ?site=…&score=…&audit=<id>. */
interface FromAudit {
  site: string;
  score: string;
  audit: string;
}

/** The audit named in the address, when it is well formed (the server checks the id again). */
export function auditFromQuery(search: string): FromAudit | null {
  const query = new URLSearchParams(search);
  const site = query.get('site')?.trim() ?? '';
  const score = query.get('score')?.trim() ?? '';
  const audit = query.get('audit')?.trim() ?? '';
  if (!isId(audit) || !/^https?:\/\//i.test(site)) return null;
  return { site: site.slice(0, contactLimits.website), score: /^\d{1,3}$/.test(score) ? score : '', audit };
}

/** The package named in the address (?plan=<id>, from a package's "Ask about" button), when it is one. */
export function planFromQuery(search: string): Package | null {
  const id = new URLSearchParams(search).get('plan')?.trim() ?? '';
  return SEO_PACKAGES.find((plan) => plan.id === id) ?? null;
}

/** The message a visitor asking about a package starts with (they may change it). */
export function planMessage(plan: Package): string {
  return `I would like to know more about the ${plan.name} package (${formatInr(plan.monthlyInr)} per month + GST).`;
}

/** The message a visitor from an audit starts with (they may change it). */
export function auditMessage(from: FromAudit): string {
  const host = new URL(from.site).hostname;
  const score = from.score ? ` (health score ${from.score}/100)` : '';
  return `Please help me fix the problems the site audit found on ${host}${score}.`;
}

export default function ContactWidget({ idPrefix, phone, hours }: ContactWidgetProps) {
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [fromAudit, setFromAudit] = useState<FromAudit | null>(null);
  const [askedPlan, setAskedPlan] = useState<Package | null>(null);
  // Where keyboard and screen-reader focus goes after the form and the confirmation swap places.
  const focusNext = useRef<'confirmation' | 'form' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (field: keyof typeof empty) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  // Arriving from a site audit's report: the site and a first message filled in, the audit sent along.
  // Arriving from a package's "Ask about" button: the package named, and a first message filled in.
  useEffect(() => {
    const plan = planFromQuery(window.location.search);
    if (!plan) return;
    setAskedPlan(plan);
    setValues((current) => ({ ...current, message: current.message || planMessage(plan) }));
  }, []);

  useEffect(() => {
    const from = auditFromQuery(window.location.search);
    if (!from) return;
    setFromAudit(from);
    setValues((current) => ({
      ...current,
      website: current.website || from.site,
      message: current.message || auditMessage(from),
    }));
  }, []);

  useEffect(() => {
    if (focusNext.current === 'confirmation') headingRef.current?.focus();
    if (focusNext.current === 'form') nameRef.current?.focus();
    focusNext.current = null;
  }, [status.kind]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    try {
      // The form's page (with ?plan= or the audit) and the page of this site before it (decision 0047).
      const source = leadSource(window.location, document.referrer);
      await apiFetch('/api/contact', formCopy.failure, {
        body: { ...values, ...(fromAudit ? { siteAudit: fromAudit.audit } : {}), ...source, [HONEYPOT_FIELD]: trap },
      });
      focusNext.current = 'confirmation';
      setStatus({ kind: 'sent', sent: { email: values.email.trim(), phone: values.phone.trim() } });
      setValues(empty);
      setFromAudit(null);
      setAskedPlan(null);
    } catch (caught) {
      // A 400 names the field to fix; anything else is our fault, so ask to try later.
      const fieldProblem = caught instanceof ApiError && caught.status === 400 && caught.fromServer;
      setStatus({ kind: 'error', message: fieldProblem ? caught.message : formCopy.failure });
    }
  }

  function writeAgain() {
    focusNext.current = 'form';
    setStatus({ kind: 'idle' });
  }

  if (status.kind === 'sent') {
    const { sent } = status;
    return (
      <section className="tool-card form-card contact-sent" role="status" aria-labelledby={id('sent-heading')}>
        <h2 id={id('sent-heading')} ref={headingRef} tabIndex={-1}>
          {sentCopy.heading}
        </h2>
        <p className="success">{formCopy.success}</p>
        {/* No full stop after the address: on a phone it would wrap onto a line of its own. */}
        <p className="contact-sent-to">
          {`${sentCopy.replyTo} `}
          <strong>{sent.email}</strong>
        </p>
        <h3>{sentCopy.nextHeading}</h3>
        <ul>
          <li>{sentCopy.readByPerson}</li>
          {sent.phone ? (
            <li>
              {sentCopy.mayCall[0]}
              <span className="nowrap">{sent.phone}</span>
              {sentCopy.mayCall[1]}
            </li>
          ) : null}
          {hours ? <li>{sentCopy.hours(hours)}</li> : null}
          <li>
            {`${sentCopy.urgent} `}
            <a className="nowrap" href={telHref(phone)}>
              {phone}
            </a>
          </li>
        </ul>
        <div className="actions">
          <button type="button" className="button secondary" onClick={writeAgain}>
            {sentCopy.again}
          </button>
        </div>
      </section>
    );
  }

  const sending = status.kind === 'sending';
  return (
    <form className="tool-card form-card" onSubmit={onSubmit} aria-labelledby={id('heading')}>
      <h2 id={id('heading')}>{formCopy.heading}</h2>
      {askedPlan ? (
        <p className="contact-from-audit">
          You are asking about the <strong>{askedPlan.name}</strong> package ({formatInr(askedPlan.monthlyInr)} per
          month + GST). <a href="/seo-packages">Compare packages</a>
        </p>
      ) : null}
      {fromAudit ? (
        <p className="contact-from-audit">
          Your <a href={`/site-audit/${fromAudit.audit}`}>site audit report</a> of {new URL(fromAudit.site).hostname}
          {fromAudit.score ? ` (score ${fromAudit.score}/100)` : ''} is sent with this message.
        </p>
      ) : null}
      <label htmlFor={id('name')}>{formCopy.nameLabel}</label>
      <input
        id={id('name')}
        ref={nameRef}
        name="name"
        type="text"
        required
        autoComplete="name"
        maxLength={contactLimits.name}
        value={values.name}
        onChange={(e) => set('name')(e.target.value)}
      />
      <label htmlFor={id('email')}>{formCopy.emailLabel}</label>
      <input
        id={id('email')}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={contactLimits.email}
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
      />
      <div className="form-pair">
        <div>
          <label htmlFor={id('phone')}>{formCopy.phoneLabel}</label>
          <input
            id={id('phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={contactLimits.phone}
            aria-describedby={id('phone-hint')}
            value={values.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
          <p id={id('phone-hint')} className="field-hint">
            {formCopy.phoneHint}
          </p>
        </div>
        <div>
          <label htmlFor={id('website')}>{formCopy.websiteLabel}</label>
          {/* Text, not type="url": the browser would refuse a bare domain that the server accepts. */}
          <input
            id={id('website')}
            name="website"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            autoCapitalize="none"
            placeholder={formCopy.websitePlaceholder}
            maxLength={contactLimits.website}
            value={values.website}
            onChange={(e) => set('website')(e.target.value)}
          />
        </div>
      </div>
      <label htmlFor={id('message')}>{formCopy.messageLabel}</label>
      <textarea
        id={id('message')}
        name="message"
        rows={6}
        required
        maxLength={contactLimits.message}
        value={values.message}
        onChange={(e) => set('message')(e.target.value)}
      />
      <Honeypot id={id('homepage')} value={trap} onChange={setTrap} />
      <div className="actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? formCopy.sending : formCopy.submit}
        </button>
      </div>
      <div aria-live="polite">
        <ErrorMessage error={status.kind === 'error' ? status.message : null} />
      </div>
    </form>
  );
}
