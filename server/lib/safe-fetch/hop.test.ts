import { expect, test } from 'vitest';
import { describeNetworkError } from './hop.ts';

const url = 'https://example.com/page';
const described = (code: string | undefined) => {
  const error = describeNetworkError(Object.assign(new Error('socket'), { code }), url);
  return [error.code, error.message, error.systemCode];
};

test('each socket and TLS code becomes a sentence; the code is kept for decisions, never in the message', () => {
  expect(described('EPROTO')).toEqual([
    'tls',
    'The secure connection (TLS) to example.com failed: the server did not answer in TLS (it may serve only http://).',
    'EPROTO',
  ]);
  expect(described('CERT_HAS_EXPIRED')).toEqual([
    'tls',
    'The secure connection (TLS) to example.com failed: its certificate has expired.',
    'CERT_HAS_EXPIRED',
  ]);
  expect(described('ERR_TLS_CERT_ALTNAME_INVALID')).toEqual([
    'tls',
    'The secure connection (TLS) to example.com failed: its certificate is for a different host name.',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ]);
  expect(described('DEPTH_ZERO_SELF_SIGNED_CERT')).toEqual([
    'tls',
    'The secure connection (TLS) to example.com failed: its certificate is self-signed.',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
  ]);
  expect(described('UNABLE_TO_VERIFY_LEAF_SIGNATURE')).toEqual([
    'tls',
    'The secure connection (TLS) to example.com failed: its certificate is not valid.',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  ]);
  expect(described('ECONNREFUSED')).toEqual(['network', 'example.com refused the connection.', 'ECONNREFUSED']);
  expect(described('ECONNRESET')).toEqual(['network', 'example.com closed the connection unexpectedly.', 'ECONNRESET']);
  expect(described('ETIMEDOUT')).toEqual(['network', 'example.com did not answer in time.', 'ETIMEDOUT']);
  expect(described('ENOTFOUND')).toEqual(['network', 'example.com could not be found (no such domain).', 'ENOTFOUND']);
  expect(described('HPE_INVALID_HEADER_TOKEN')).toEqual([
    'network',
    'example.com sent an invalid HTTP response.',
    'HPE_INVALID_HEADER_TOKEN',
  ]);
  expect(described('EWHATEVER')).toEqual([
    'network',
    'example.com could not be reached (the network connection failed).',
    'EWHATEVER',
  ]);
  expect(described(undefined)).toEqual([
    'network',
    'example.com could not be reached (the network connection failed).',
    undefined,
  ]);
});
