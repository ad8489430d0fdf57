import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createThreadPool, type ThreadPool } from './pool.ts';
import type { ThreadData } from './protocol.ts';
import type { AnyJobDefinition, JobState } from './types.ts';
import type { Watchers } from './watchers.ts';
import { newId } from '#views/model/ids.ts';

/** What both backends are built from (createJobs checks and fills it in). */
export interface JobsContext {
  db: Db;
  log: Logger;
  definitions: ReadonlyMap<string, AnyJobDefinition>;
  watchers: Watchers;
  threadData: ThreadData;
  databaseTarget: string;
  stallSeconds: number;
  queueSchema: string;
  retentionMs: number;
  abortGraceMs: number;
  threadEntry?: URL;
}

/** A 128-bit random id, base64url: unguessable, so a link to the job's result can be shared. */
export function randomJobId(): string {
  return newId();
}

export function definitionOf(context: JobsContext, name: string): AnyJobDefinition {
  const definition = context.definitions.get(name);
  if (!definition) throw new Error(`No job named ${name}.`);
  return definition;
}

/** One pool of threads per job name, as many as its concurrency. */
export function createPools(context: JobsContext): Map<string, ThreadPool> {
  return new Map(
    [...context.definitions.values()].map((definition) => [
      definition.name,
      createThreadPool({
        name: definition.name,
        size: definition.concurrency,
        data: context.threadData,
        log: context.log,
        abortGraceMs: context.abortGraceMs,
        entry: context.threadEntry,
        heapLimitMb: definition.heapLimitMb,
      }),
    ]),
  );
}

/** Calls the definition's onFailed; its own failure is logged, never thrown. */
export async function reportFailure(
  context: JobsContext,
  definition: AnyJobDefinition,
  input: unknown,
  id: string,
  reason: string,
): Promise<void> {
  if (!definition.onFailed) return;
  try {
    await definition.onFailed(input as never, id, reason, { db: context.db, log: context.log });
  } catch (error) {
    context.log.error({ err: error, job: definition.name, id }, 'recording a failed job failed');
  }
}

/** A state without the keys that have no value. */
export function stateOf(fields: JobState): JobState {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as unknown as JobState;
}
