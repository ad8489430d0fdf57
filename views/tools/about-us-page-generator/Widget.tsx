import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { AboutFields } from './AboutFields.tsx';
import { AboutResult } from './AboutResult.tsx';
import { generateAboutPage, missingDetails } from './logic.ts';
import { EMPTY_ABOUT_FORM, validateAboutForm, type AboutForm, type AboutPage } from './rules.ts';

export interface AboutWidgetProps {
  idPrefix: string;
}

export default function AboutUsWidget({ idPrefix }: AboutWidgetProps) {
  const [form, setForm] = useState<AboutForm>(EMPTY_ABOUT_FORM);
  const [page, setPage] = useState<AboutPage | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState('');
  const blank = !form.companyName.trim() || !form.description.trim();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateAboutForm(form);
    if (!checked.ok) {
      setPage(null);
      setError(checked.error);
      return;
    }
    setError('');
    setPage(generateAboutPage(checked.input));
    setMissing(missingDetails(checked.input));
  }

  return (
    <div>
      <form className="tool-card" onSubmit={onSubmit} noValidate>
        <AboutFields
          idPrefix={idPrefix}
          form={form}
          onChange={(key, value) => setForm((current) => ({ ...current, [key]: value }))}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={blank}>
            Generate About Us Page
          </button>
        </div>
        <ErrorMessage error={error} />
      </form>
      {page ? <AboutResult idPrefix={idPrefix} page={page} missing={missing} /> : null}
    </div>
  );
}
