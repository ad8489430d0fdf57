/** The owner's webhook: alerts are also POSTed there as JSON (decision 0044); empty means email only. */
export function WebhookField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor="monitor-webhook">Webhook URL (optional)</label>
      <input
        id="monitor-webhook"
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/seo-alerts"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="monitor-webhook-hint"
      />
      <p className="muted monitor-hint" id="monitor-webhook-hint">
        Alerts are also sent there as a JSON POST. Leave it empty for email only.
      </p>
    </>
  );
}
