import { EventEmitter } from 'node:events';
import type { EncodeReply, EncodeRequest } from '#server/features/image-compressor/protocol.ts';
import type { WorkerProcess } from '#server/features/image-compressor/worker-pool.ts';

/** A stand-in for a forked image encoder: records what it was sent and how it was killed. */
export class FakeEncoderWorker extends EventEmitter {
  readonly sent: EncodeRequest[] = [];
  killedWith: string | undefined;
  send(message: EncodeRequest): boolean {
    this.sent.push(message);
    return true;
  }
  kill(signal?: NodeJS.Signals): boolean {
    this.killedWith = signal ?? 'SIGTERM';
    queueMicrotask(() => this.emit('exit', null, signal ?? 'SIGTERM'));
    return true;
  }
  ready(): void {
    this.emit('message', { ready: true });
  }
  reply(message: EncodeReply): void {
    this.emit('message', message);
  }
}

/** A spawn function handing out fake workers, and the list of those it made. */
export function fakeEncoderWorkers(): { spawn: () => WorkerProcess; spawned: FakeEncoderWorker[] } {
  const spawned: FakeEncoderWorker[] = [];
  return {
    spawned,
    spawn: () => {
      const worker = new FakeEncoderWorker();
      spawned.push(worker);
      return worker as unknown as WorkerProcess;
    },
  };
}
