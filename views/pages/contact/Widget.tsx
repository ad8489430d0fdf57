import { contactLimits } from '#views/pages/shared/form-limits.ts';
import { LeadFormEnd } from '#views/pages/shared/LeadFormEnd.tsx';
import { TextField } from '#views/components/TextField.tsx';
import { formCopy } from './content.ts';
import type { AskedOffer, FromAudit } from './logic.ts';
import { ContactSent } from './Sent.tsx';
import { useContactForm } from './use-contact-form.ts';

export { auditFromQuery, auditMessage, planFromQuery, planMessage } from './logic.ts';

export interface ContactWidgetProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
  /** The business's phone (profile), offered in the confirmation for anything urgent. */
  phone: string;
  /** Office hours as people read them (profile), when the profile has them. */
  hours?: string;
}

/** The package, the one-time audit or the site audit report the visitor arrived from, named above the fields. */
function ArrivedFrom({ plan, audit }: { plan: AskedOffer | null; audit: FromAudit | null }) {
  return (
    <>
      {plan ? (
        <p className="contact-from-audit">
          You are asking about the <strong>{plan.name}</strong>
          {`${plan.noun} (${plan.price}).`} <a href="/seo-packages">Compare packages</a>
        </p>
      ) : null}
      {audit ? (
        <p className="contact-from-audit">
          Your <a href={`/site-audit/${audit.audit}`}>site audit report</a> of {new URL(audit.site).hostname}
          {audit.score ? ` (score ${audit.score}/100)` : ''} is sent with this message.
        </p>
      ) : null}
    </>
  );
}

export default function ContactWidget({ idPrefix, phone, hours }: ContactWidgetProps) {
  const form = useContactForm();
  const { values, set, status } = form;
  const id = (name: string) => `${idPrefix}-${name}`;

  if (status.kind === 'sent') {
    return (
      <ContactSent
        idPrefix={idPrefix}
        sent={status.sent}
        phone={phone}
        hours={hours}
        headingRef={form.headingRef}
        onAgain={form.writeAgain}
      />
    );
  }

  const sending = status.kind === 'sending';
  return (
    <form className="tool-card form-card" onSubmit={form.onSubmit} aria-labelledby={id('heading')}>
      <h2 id={id('heading')}>{formCopy.heading}</h2>
      <ArrivedFrom plan={form.askedPlan} audit={form.fromAudit} />
      <TextField
        id={id('name')}
        inputRef={form.nameRef}
        label={formCopy.nameLabel}
        name="name"
        required
        autoComplete="name"
        maxLength={contactLimits.name}
        value={values.name}
        onChange={set('name')}
      />
      <TextField
        id={id('email')}
        label={formCopy.emailLabel}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={contactLimits.email}
        value={values.email}
        onChange={set('email')}
      />
      <div className="form-pair">
        <div>
          <TextField
            id={id('phone')}
            label={formCopy.phoneLabel}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={contactLimits.phone}
            hint={formCopy.phoneHint}
            value={values.phone}
            onChange={set('phone')}
          />
        </div>
        <div>
          {/* Text, not type="url": the browser would refuse a bare domain that the server accepts. */}
          <TextField
            id={id('website')}
            label={formCopy.websiteLabel}
            name="website"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            autoCapitalize="none"
            placeholder={formCopy.websitePlaceholder}
            maxLength={contactLimits.website}
            value={values.website}
            onChange={set('website')}
          />
        </div>
      </div>
      <TextField
        id={id('message')}
        label={formCopy.messageLabel}
        name="message"
        rows={6}
        required
        maxLength={contactLimits.message}
        value={values.message}
        onChange={set('message')}
      />
      <LeadFormEnd
        idPrefix={idPrefix}
        trap={form.trap}
        onTrap={form.setTrap}
        busy={sending}
        label={formCopy.submit}
        busyLabel={formCopy.sending}
        error={status.kind === 'error' ? status.message : null}
      />
    </form>
  );
}
