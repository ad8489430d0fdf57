import request from 'supertest';
type App = Parameters<typeof request>[0];

/** Reads a Server-Sent Events response to its end (the readiness signal that the job finished) as text. */
export async function readEventStream(app: App, path: string): Promise<string> {
  const res = await request(app)
    .get(path)
    .buffer(true)
    .parse((stream, done) => {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => done(null, text));
    });
  return res.body as string;
}

/**
 * Follows a Server-Sent Events response: `opened` resolves with the first chunk (the server sends its
 * snapshot once it listens for what comes next), `ended` with the whole text once the stream ends.
 */
export function followEventStream(app: App, path: string): { opened: Promise<string>; ended: Promise<string> } {
  let opened!: (text: string) => void;
  const first = new Promise<string>((resolve) => (opened = resolve));
  const ended = request(app)
    .get(path)
    .buffer(true)
    .parse((stream, done) => {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        if (!text) opened(chunk.toString());
        text += chunk.toString();
      });
      stream.on('end', () => done(null, text));
    })
    .then((res) => {
      opened(res.body as string);
      return res.body as string;
    });
  return { opened: first, ended };
}
