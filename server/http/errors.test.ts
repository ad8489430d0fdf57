import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { BusyError, DomainError, RateLimitedError, type DomainErrorKind } from '#server/lib/domain-errors.ts';
import { errorHandler, STATUS_OF_KIND } from './errors.ts';
import { createLogger } from '#server/lib/logger.ts';

function appThrowing(error: unknown) {
  const app = express();
  app.get('/api/x', () => {
    throw error;
  });
  app.use(errorHandler(createLogger('silent'), () => 'error page', false));
  return app;
}

test('each domain error kind answers its status with the service message as JSON', async () => {
  const expected: Record<DomainErrorKind, number> = {
    'invalid-input': 400,
    'not-allowed': 403,
    'not-found': 404,
    expired: 410,
    'not-possible': 422,
    conflict: 409,
    'rate-limited': 429,
    upstream: 502,
    busy: 503,
  };
  expect(STATUS_OF_KIND).toEqual(expected);
  for (const [kind, status] of Object.entries(expected)) {
    const res = await request(appThrowing(new DomainError(kind as DomainErrorKind, `because ${kind}`))).get('/api/x');
    expect([res.status, res.body]).toEqual([status, { error: `because ${kind}` }]);
  }
});

test('a busy error says when to try again', async () => {
  const res = await request(appThrowing(new BusyError('Busy, try again soon.', 30))).get('/api/x');
  expect([res.status, res.headers['retry-after'], res.body.error]).toEqual([503, '30', 'Busy, try again soon.']);
});

test('a rate-limited error answers 429 and says when to try again', async () => {
  const res = await request(appThrowing(new RateLimitedError('You already have 2 images being compressed.', 5))).get(
    '/api/x',
  );
  expect([res.status, res.headers['retry-after'], res.body.error]).toEqual([
    429,
    '5',
    'You already have 2 images being compressed.',
  ]);
});
