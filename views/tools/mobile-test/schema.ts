import { z } from 'zod';
import {
  DEFAULT_MOBILE_AGENT,
  DEFAULT_MOBILE_DEVICE,
  MOBILE_AGENT_IDS,
  MOBILE_DEVICE_IDS,
  type MobileAgentId,
  type MobileDeviceId,
} from '#views/model/mobile-test.ts';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';
import { typedUrlField } from '../typed-url-schema.ts';

export { MAX_URL_LENGTH };

export const mobileTestRequestSchema = z.object({
  url: typedUrlField({
    required: 'Please enter a URL to test.',
    tooLong: `URLs are limited to ${MAX_URL_LENGTH} characters.`,
  }),
  device: z
    .enum(MOBILE_DEVICE_IDS as [MobileDeviceId, ...MobileDeviceId[]], {
      error: `Device must be one of: ${MOBILE_DEVICE_IDS.join(', ')}.`,
    })
    .default(DEFAULT_MOBILE_DEVICE),
  userAgent: z
    .enum(MOBILE_AGENT_IDS as [MobileAgentId, ...MobileAgentId[]], {
      error: `User agent must be one of: ${MOBILE_AGENT_IDS.join(', ')}.`,
    })
    .default(DEFAULT_MOBILE_AGENT),
});
