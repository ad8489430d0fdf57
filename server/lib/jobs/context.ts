import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createThreadPool, type ThreadPool } from './pool.ts';
import type { ThreadData } from './protocol.ts';
import type { AnyJobDefinition, JobStarter, JobState } from './types.ts';
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

/** A repeatable job's pool that first asks `hasWork` (on this thread): a run with nothing to do ends at once. */
function askingFirst(context: JobsContext, definition: AnyJobDefinition, pool: ThreadPool): ThreadPool {
  const hasWork = definition.repeat?.hasWork;
  if (!hasWork) return pool;
  const deps = { db: context.db, config: context.threadData.config } as never;
  return {
    async run(run, signal, onProgress) {
      const worth = await hasWork(deps).catch((error: unknown) => {
        context.log.warn({ err: error, job: definition.name }, 'could not tell whether a run has work; running it');
        return true;
      });
      return worth ? pool.run(run, signal, onProgress) : null;
    },
    warm: () => pool.warm(),
    close: () => pool.close(),
  };
}

/**
 * One pool of threads per job name, as many as its concurrency; `jobs` (this process's) makes the
 * calls its jobs make of the job system. A definition that asks to be warm (`warmWhen`) has its first
 * thread started now.
 */
export function createPools(
  context: JobsContext,
  jobs: JobStarter,
  definitions: Iterable<AnyJobDefinition> = context.definitions.values(),
): Map<string, ThreadPool> {
  const pools = new Map<string, ThreadPool>();
  for (const definition of definitions) {
    const threads = createThreadPool({
      name: definition.name,
      size: definition.concurrency,
      data: context.threadData,
      log: context.log,
      abortGraceMs: context.abortGraceMs,
      entry: context.threadEntry,
      heapLimitMb: definition.heapLimitMb,
      jobs,
    });
    const pool = askingFirst(context, definition, threads);
    if (definition.warmWhen?.(context.threadData.config as never)) pool.warm();
    pools.set(definition.name, pool);
  }
  return pools;
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

/** The definition of a repeatable job, or a plain error for a name that is not one. */
export function repeatableOf(context: JobsContext, name: string): AnyJobDefinition & { repeat: { everyMs: number } } {
  const definition = definitionOf(context, name);
  if (!definition.repeat) throw new Error(`${name} is not a repeatable job (its definition has no \`repeat\`).`);
  return definition as AnyJobDefinition & { repeat: { everyMs: number } };
}

/** The repeatable definitions, in the order given. */
export function repeatables(context: JobsContext): Array<AnyJobDefinition & { repeat: { everyMs: number } }> {
  return [...context.definitions.values()].filter(
    (definition): definition is AnyJobDefinition & { repeat: { everyMs: number } } => definition.repeat !== undefined,
  );
}

/** A state without the keys that have no value. */
export function stateOf(fields: JobState): JobState {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as unknown as JobState;
}
