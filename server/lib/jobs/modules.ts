import type { AnyJobDefinition, JobModules } from './types.ts';

/**
 * One job's definition from its loader in the definitions module (`jobModules`): what a thread
 * imports on its first job of that name, and no other job's code (docs/decisions/0059).
 */
export async function loadJobModule(modules: JobModules, name: string): Promise<AnyJobDefinition> {
  const load = Object.hasOwn(modules, name) ? modules[name] : undefined;
  if (!load) throw new Error(`No job named ${name} in the job definitions module.`);
  const definition = await load();
  if (definition.name !== name) throw new Error(`The job module listed as ${name} defines ${definition.name}.`);
  return definition;
}

/** Every job's definition (the main thread's: it enqueues, schedules and records failures of them all). */
export function loadJobDefinitions(modules: JobModules): Promise<AnyJobDefinition[]> {
  return Promise.all(Object.keys(modules).map((name) => loadJobModule(modules, name)));
}
