import { useState, type FormEvent } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import { useRequest } from '#views/lib/use-request.ts';
import {
  DEFAULT_MOBILE_AGENT,
  DEFAULT_MOBILE_DEVICE,
  type MobileAgentId,
  type MobileDeviceId,
  type MobileReport,
} from '#views/model/mobile-test.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { UrlInputRow } from '#views/components/UrlInputRow.tsx';
import { MobileOptions } from './MobileOptions.tsx';
import { MobileResults } from './MobileResults.tsx';

export interface MobileTesterProps {
  idPrefix: string;
}

const FAILED = 'Failed to test the page';

export default function MobileTesterWidget({ idPrefix }: MobileTesterProps) {
  const [url, setUrl] = useState('');
  const [device, setDevice] = useState<MobileDeviceId>(DEFAULT_MOBILE_DEVICE);
  const [userAgent, setUserAgent] = useState<MobileAgentId>(DEFAULT_MOBILE_AGENT);
  const test = useRequest<MobileReport>((caught) => (caught instanceof Error ? caught.message : FAILED));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim() || test.busy) return;
    void test.run(
      async () =>
        (
          await requestJson<{ report: MobileReport }>('/api/mobile-friendly-tester/test', FAILED, {
            url: url.trim(),
            device,
            userAgent,
          })
        ).report,
    );
  }

  return (
    <div className="mobile-tester">
      <form className="tool-card" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${idPrefix}-url`}>Page URL</label>
        <UrlInputRow
          id={`${idPrefix}-url`}
          value={url}
          onChange={setUrl}
          placeholder="https://example.com/"
          busy={test.busy}
          label="Test Mobile-Friendliness"
          busyLabel="Testing..."
        />
        <MobileOptions
          idPrefix={idPrefix}
          device={device}
          userAgent={userAgent}
          onDevice={setDevice}
          onUserAgent={setUserAgent}
        />
        <ErrorMessage error={test.error} />
      </form>
      {test.result ? <MobileResults idPrefix={idPrefix} report={test.result} /> : null}
    </div>
  );
}
