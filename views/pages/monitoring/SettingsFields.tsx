import type { ReactNode } from 'react';
import { SCHEDULES, type Schedule } from './model.ts';

/** How often a monitor runs: the form on the audit report and the manage page's settings offer the same. */
export function ScheduleOptions({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Schedule;
  onChange: (value: Schedule) => void;
}) {
  return (
    <fieldset className="options">
      <legend>How often</legend>
      {SCHEDULES.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The owner's webhook: alerts are also POSTed there as JSON (decision 0044); empty means email only. */
export function WebhookField({
  id,
  value,
  onChange,
  children,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The hint under the field. */
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id}>Webhook URL (optional)</label>
      <input
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/seo-alerts"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p className="muted monitor-hint" id={`${id}-hint`}>
        {children}
      </p>
    </>
  );
}
