import { TextField } from '#views/components/TextField.tsx';
import { LIMITS, type AboutForm } from './rules.ts';

/** One field of the form: its element id, label, and how it is typed. */
interface FieldSpec {
  key: keyof AboutForm;
  name: string;
  label: string;
  placeholder: string;
  rows?: number;
  maxLength?: number;
  inputMode?: 'numeric';
}

const TOP: FieldSpec[] = [
  {
    key: 'companyName',
    name: 'company',
    label: 'Company name',
    maxLength: LIMITS.companyName,
    placeholder: 'Acme Digital',
  },
  {
    key: 'description',
    name: 'description',
    label: 'What does your company do?',
    rows: 4,
    maxLength: LIMITS.description,
    placeholder: 'We help small businesses in Delhi NCR get found on Google.',
  },
];

/** Side by side on wide screens. */
const PAIR: FieldSpec[] = [
  {
    key: 'foundedYear',
    name: 'year',
    label: 'Founding year (optional)',
    inputMode: 'numeric',
    maxLength: 4,
    placeholder: '2015',
  },
  {
    key: 'location',
    name: 'location',
    label: 'Location (optional)',
    maxLength: LIMITS.location,
    placeholder: 'Rohini, Delhi',
  },
];

const REST: FieldSpec[] = [
  {
    key: 'story',
    name: 'story',
    label: 'How did you start? (optional)',
    rows: 3,
    maxLength: LIMITS.story,
    placeholder: 'Started by two friends who ran a print shop in Karol Bagh.',
  },
  {
    key: 'offerings',
    name: 'offerings',
    label: 'Products or services, one per line (optional)',
    rows: 3,
    placeholder: 'Local SEO\nWebsite audits',
  },
  {
    key: 'audience',
    name: 'audience',
    label: 'Who are your customers? (optional)',
    maxLength: LIMITS.audience,
    placeholder: 'Local shops, clinics and startups',
  },
  {
    key: 'values',
    name: 'values',
    label: 'Values, separated by commas (optional)',
    placeholder: 'Integrity, Transparency, Innovation',
  },
  {
    key: 'reasons',
    name: 'reasons',
    label: 'Why do customers choose you? One reason per line (optional)',
    rows: 3,
    placeholder: 'Monthly reports in plain English\nNo lock-in contracts',
  },
  {
    key: 'contact',
    name: 'contact',
    label: 'How can people reach you? (optional)',
    maxLength: LIMITS.contact,
    placeholder: 'hello@example.com or +91 98765 43210',
  },
];

/** The About Us generator's fields, in the order people fill them in. */
export function AboutFields({
  idPrefix,
  form,
  onChange,
}: {
  idPrefix: string;
  form: AboutForm;
  onChange: (key: keyof AboutForm, value: string) => void;
}) {
  const field = ({ key, name, ...spec }: FieldSpec) => (
    <TextField
      key={key}
      id={`${idPrefix}-${name}`}
      value={form[key]}
      onChange={(value) => onChange(key, value)}
      {...spec}
    />
  );
  return (
    <>
      {TOP.map(field)}
      <div className="field-row">
        {PAIR.map((spec) => (
          <div key={spec.key}>{field(spec)}</div>
        ))}
      </div>
      {REST.map(field)}
    </>
  );
}
