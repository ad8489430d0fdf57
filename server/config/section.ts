import type { z } from 'zod';
import type { EnvField } from './fields.ts';

export type EnvShape = Record<string, EnvField<unknown>>;
export type ParsedEnv<S extends EnvShape> = { [K in keyof S]: z.output<S[K]> };

/** Records a problem that involves more than one variable (or a file a variable names). */
export type Report = (variable: string, message: string) => void;

/** What sections may need from the core variables (read first): e.g. files that must live under DATA_DIR. */
export interface SectionContext {
  dataDir: string;
}

/**
 * One feature's slice of the configuration: the variables it reads (a zod shape fragment) and
 * how they become the typed section the feature is handed (`config.<name>`). `read` runs only
 * when every variable of the fragment parsed, and reports cross-variable problems via `report`.
 */
export interface ConfigSection<S extends EnvShape, T> {
  env: S;
  read(env: ParsedEnv<S>, report: Report, context: SectionContext): T;
}

export function defineSection<S extends EnvShape, T>(section: ConfigSection<S, T>): ConfigSection<S, T> {
  return section;
}
