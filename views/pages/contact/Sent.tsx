import type { Ref } from 'react';
import { telHref } from '#views/business.ts';
import { formCopy, sentCopy } from './content.ts';
import type { Sent } from './use-contact-form.ts';

/** What the visitor sees in place of the form once the message is stored. */
export function ContactSent({
  idPrefix,
  sent,
  phone,
  hours,
  headingRef,
  onAgain,
}: {
  idPrefix: string;
  sent: Sent;
  phone: string;
  hours?: string;
  headingRef: Ref<HTMLHeadingElement>;
  onAgain: () => void;
}) {
  const headingId = `${idPrefix}-sent-heading`;
  return (
    <section className="tool-card form-card contact-sent" role="status" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
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
        <button type="button" className="button secondary" onClick={onAgain}>
          {sentCopy.again}
        </button>
      </div>
    </section>
  );
}
