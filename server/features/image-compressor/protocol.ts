import type { EncodeOptions, ImageFormat } from './compress.ts';
import type { ImageErrorCode } from './errors.ts';

/** Server → encoder worker: one image to encode. Buffers travel as Uint8Array (advanced serialization). */
export interface EncodeRequest {
  id: number;
  input: Uint8Array;
  options: EncodeOptions;
}

/** Encoder worker → server. */
export type EncodeReply =
  | { id: number; ok: true; data: Uint8Array; format: ImageFormat; width: number; height: number }
  | { id: number; ok: false; code: ImageErrorCode; message: string };

/** Sent once the worker has loaded sharp and is listening. */
export interface ReadyMessage {
  ready: true;
}
