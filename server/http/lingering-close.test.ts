import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '#test/helpers/server-process.ts';
import { drainThenClose } from './lingering-close.ts';

/*
 * An upload past its limit is answered 413 at once, while the client is still sending it. Closing the connection
 * then reset it under the client: Node's fetch got EPIPE and never the answer (0 of 5), http.request 1 of 5, a
 * raw socket sometimes. With the lingering close every client reads the 413 and its JSON, every time. The server
 * runs as it does in production, in a process of its own (in the test's own process the race goes otherwise).
 */

const PATH = '/api/image-compressor/compress';
const TOO_LARGE = { error: 'The image is larger than the 15 MB upload limit.' };
const BOUNDARY = 'lingering-close-test';
const IMAGE = Buffer.alloc(30 * 1024 * 1024, 0x61);
const MULTIPART = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n`),
  Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
  IMAGE,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);
const TRIES = 3;

let server: ServerProcess;

beforeAll(async () => {
  server = startServerProcess({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lingering-close-')),
    LOG_LEVEL: 'info',
    // One visitor sends every upload: the flood guard is for people, not for this test.
    API_RATE_LIMIT: '100000',
  });
  await server.port;
}, 60_000);

afterAll(() => server?.kill());

afterEach(() => {
  vi.useRealTimers();
});

const compressorPort = () => server.port;

test("undici's fetch reads the 413 of a 30 MB image upload, every time", async () => {
  const port = await compressorPort();
  for (let i = 0; i < TRIES; i++) {
    const form = new FormData();
    form.append('image', new Blob([IMAGE], { type: 'image/jpeg' }), 'big.jpg');
    const res = await fetch(`http://127.0.0.1:${port}${PATH}`, { method: 'POST', body: form });
    expect([res.status, res.headers.get('connection'), await res.json()]).toEqual([413, 'close', TOO_LARGE]);
  }
});

test('http.request reads the 413 of a 30 MB upload, every time', async () => {
  const port = await compressorPort();
  for (let i = 0; i < TRIES; i++) {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          path: PATH,
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': MULTIPART.length },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.end(MULTIPART);
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([413, TOO_LARGE]);
  }
});

test('a raw socket that writes the whole upload, then reads, finds the whole 413 answer', async () => {
  const port = await compressorPort();
  for (let i = 0; i < TRIES; i++) {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
            `Content-Length: ${MULTIPART.length}\r\n\r\n`,
        );
        socket.write(MULTIPART);
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk));
      socket.on('error', reject);
      // The server half-closes after its answer, then closes once the body is in.
      socket.on('close', () => resolve(received));
    });
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual(TOO_LARGE);
  }
});

/** A socket and a request body as drainThenClose sees them, recording what was done to the socket. */
function fakes() {
  const socket = Object.assign(new EventEmitter(), {
    ended: false,
    destroyed: false,
    end() {
      socket.ended = true;
    },
    destroy() {
      socket.destroyed = true;
      socket.emit('close');
    },
  });
  const req = new PassThrough();
  req.pause();
  return {
    socket,
    req,
    drain: (ms: number, bytes: number) =>
      drainThenClose(socket as unknown as Socket, req as unknown as IncomingMessage, { ms, bytes }),
  };
}

test('the rest of the body is read and dropped after a FIN, and the connection closes once it has all arrived', () => {
  const { socket, req, drain } = fakes();
  drain(10_000, 1024);
  expect([socket.ended, socket.destroyed]).toEqual([true, false]);
  req.write(Buffer.alloc(600));
  expect(socket.destroyed).toBe(false);
  req.end();
  req.read();
  return new Promise<void>((resolve) =>
    req.once('end', () => {
      expect(socket.destroyed).toBe(true);
      resolve();
    }),
  );
});

test('past its bytes or its time, the lingering connection is closed anyway', () => {
  vi.useFakeTimers();
  const tooMuch = fakes();
  tooMuch.drain(10_000, 1024);
  tooMuch.req.write(Buffer.alloc(1025));
  expect(tooMuch.socket.destroyed).toBe(true);

  const trickle = fakes();
  trickle.drain(10_000, 1024);
  trickle.req.write(Buffer.alloc(10));
  vi.advanceTimersByTime(9_999);
  expect(trickle.socket.destroyed).toBe(false);
  vi.advanceTimersByTime(1);
  expect(trickle.socket.destroyed).toBe(true);
});
