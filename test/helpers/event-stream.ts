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
