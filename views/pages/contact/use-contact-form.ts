import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, apiFetch } from '#views/lib/request-json.ts';
import { HONEYPOT_FIELD } from '#views/pages/shared/form-limits.ts';
import { leadSource } from '#views/model/source-page.ts';
import { formCopy } from './content.ts';
import { auditFromQuery, auditMessage, planFromQuery, planMessage, type AskedOffer, type FromAudit } from './logic.ts';

/** What the visitor sent, as typed (trimmed), for the confirmation to repeat. */
export interface Sent {
  email: string;
  phone: string;
}

export type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; sent: Sent } | { kind: 'error'; message: string };

const empty = { name: '', email: '', phone: '', website: '', message: '' };
export type ContactField = keyof typeof empty;

/**
 * The contact form's state: what is typed, where the visitor came from (a package's "Ask about"
 * button or a site audit's report, read from the address once the island runs), the sending status,
 * and where focus goes when the form and the confirmation swap places.
 */
export function useContactForm() {
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [fromAudit, setFromAudit] = useState<FromAudit | null>(null);
  const [askedPlan, setAskedPlan] = useState<AskedOffer | null>(null);
  const focusNext = useRef<'confirmation' | 'form' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const set = (field: ContactField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

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

  return { values, set, trap, setTrap, status, fromAudit, askedPlan, headingRef, nameRef, onSubmit, writeAgain };
}
