/*
 * An encoder worker: a child process that encodes one image at a time for the server
 * (worker-pool.ts). Encoding lives out of the server process because nothing can stop sharp once
 * libheif/libaom or libimagequant are running, and a 49-megapixel AVIF needs ~1.6 GB: killing this
 * process is the one way to stop the work at once and give all of that memory back.
 */
import { encodeImage } from './compress.ts';
import { ImageCompressorError } from './errors.ts';
import { loadSharp } from './load-sharp.ts';
import type { EncodeReply, EncodeRequest } from './protocol.ts';

function reply(message: EncodeReply | { ready: true }): void {
  process.send?.(message);
}

process.on('message', (message: EncodeRequest) => {
  const input = Buffer.from(message.input.buffer, message.input.byteOffset, message.input.byteLength);
  encodeImage(input, message.options).then(
    (result) =>
      reply({
        id: message.id,
        ok: true,
        data: result.data,
        format: result.format,
        width: result.width,
        height: result.height,
      }),
    (error: unknown) => {
      const known = error instanceof ImageCompressorError;
      reply({
        id: message.id,
        ok: false,
        code: known ? error.code : 'undecodable',
        message: known ? error.message : 'The image could not be compressed.',
      });
    },
  );
});

// The server went away (crash, kill -9): nothing is left to work for.
process.on('disconnect', () => process.exit(0));

void loadSharp().then(() => reply({ ready: true }));
