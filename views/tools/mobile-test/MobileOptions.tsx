import {
  MOBILE_AGENT_IDS,
  MOBILE_AGENTS,
  MOBILE_DEVICE_IDS,
  MOBILE_DEVICES,
  type MobileAgentId,
  type MobileDeviceId,
} from '#views/model/mobile-test.ts';

/** The screen and the user agent a test loads the page with (docs/decisions/0045). */
export function MobileOptions({
  idPrefix,
  device,
  userAgent,
  onDevice,
  onUserAgent,
}: {
  idPrefix: string;
  device: MobileDeviceId;
  userAgent: MobileAgentId;
  onDevice: (device: MobileDeviceId) => void;
  onUserAgent: (userAgent: MobileAgentId) => void;
}) {
  return (
    <div className="mobile-options">
      <div>
        <label htmlFor={`${idPrefix}-device`}>Device</label>
        <select
          id={`${idPrefix}-device`}
          value={device}
          onChange={(event) => onDevice(event.target.value as MobileDeviceId)}
        >
          {MOBILE_DEVICE_IDS.map((choice) => (
            <option key={choice} value={choice}>
              {`${MOBILE_DEVICES[choice].label} (${MOBILE_DEVICES[choice].width} × ${MOBILE_DEVICES[choice].height})`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-agent`}>User agent</label>
        <select
          id={`${idPrefix}-agent`}
          value={userAgent}
          onChange={(event) => onUserAgent(event.target.value as MobileAgentId)}
        >
          {MOBILE_AGENT_IDS.map((choice) => (
            <option key={choice} value={choice}>
              {MOBILE_AGENTS[choice].label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
