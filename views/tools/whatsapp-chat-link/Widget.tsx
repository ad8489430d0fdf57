import { useEffect, useState, type FormEvent } from 'react';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { buildWhatsAppLink, MESSAGE_MAX } from './logic.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

export interface WhatsAppWidgetProps {
  idPrefix: string;
}

/** The QR code is drawn in the browser; the library is loaded only once a link exists. */
function useQrCode(link: string): string {
  const [src, setSrc] = useState('');
  useEffect(() => {
    if (!link) return setSrc('');
    let cancelled = false;
    import('qrcode')
      // qrcode is CommonJS: depending on the bundler its API sits on the namespace or on `default`.
      .then((module) =>
        (module.default ?? module).toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => {
        console.warn('Could not draw the QR code', error);
        if (!cancelled) setSrc('');
      });
    return () => {
      cancelled = true;
    };
  }, [link]);
  return src;
}

export default function WhatsAppWidget({ idPrefix }: WhatsAppWidgetProps) {
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const qr = useQrCode(link);
  const id = (name: string) => `${idPrefix}-${name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = buildWhatsAppLink(phone, message);
    if (!result.ok) {
      setLink('');
      setError(result.error);
      return;
    }
    setError('');
    setLink(result.link);
  }

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('phone')}>Phone number with country code</label>
      <input
        id={id('phone')}
        type="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        placeholder="+91 98765 43210"
        autoComplete="tel"
      />
      <label htmlFor={id('message')}>Message (optional)</label>
      <textarea
        id={id('message')}
        rows={4}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={MESSAGE_MAX}
        placeholder="Hi! I found you on Google and would like to know more about your services."
      />
      <div className="actions">
        <button type="submit" className="button">
          Generate Link
        </button>
      </div>
      <ErrorMessage error={error} />
      {link ? (
        <div className="result whatsapp-result">
          <div>
            <label htmlFor={id('link')}>Your WhatsApp chat link</label>
            <input id={id('link')} type="text" readOnly value={link} />
            <div className="actions">
              <CopyButton text={link} label="Copy link" />
              <a className="button secondary" href={link} target="_blank" rel="noopener noreferrer">
                Open in WhatsApp
              </a>
              {qr ? (
                <a className="button secondary" href={qr} download="whatsapp-qr-code.svg">
                  Download QR code
                </a>
              ) : null}
            </div>
          </div>
          {qr ? <img className="qr-code" src={qr} width={200} height={200} alt={`QR code that opens ${link}`} /> : null}
        </div>
      ) : null}
    </form>
  );
}
