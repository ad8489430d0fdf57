import { z } from 'zod';

/**
 * Building blocks for environment variables. Each field is a zod schema over the raw string that
 * either yields the typed value or records ONE plain-language problem, e.g.
 * `must be a whole number ≥ 1 (got "abc")`; loadConfig prefixes the variable's name.
 * Unset and blank values both mean "use the default".
 */

/** A problem with one value. `secret` keeps the value itself out of the message. */
export class Invalid {
  constructor(
    readonly message: string,
    readonly secret = false,
  ) {}
}

export type EnvField<T> = z.ZodType<T, string | undefined>;

export function field<T>(parse: (value: string | undefined) => T | Invalid): EnvField<T> {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.trim() ? raw.trim() : undefined;
      const result = parse(value);
      if (!(result instanceof Invalid)) return result;
      const got = result.secret || raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`;
      ctx.issues.push({ code: 'custom', message: `${result.message}${got}`, input: raw });
      return z.NEVER;
    });
}

export function text(fallback: string): EnvField<string> {
  return field((value) => value ?? fallback);
}

export function optionalText(): EnvField<string | undefined> {
  return field((value) => value);
}

export function oneOf<const T extends string>(values: readonly T[], fallback: T): EnvField<T> {
  return field((value) => {
    if (value === undefined) return fallback;
    return (values as readonly string[]).includes(value)
      ? (value as T)
      : new Invalid(`must be one of ${values.join(', ')}`);
  });
}

interface WholeNumberOptions {
  min: number;
  max: number;
  /** Replaces the generated "must be a whole number ≥ min" wording. */
  message?: string;
}

function parseWholeNumber(value: string, { min, max, message }: WholeNumberOptions): number | Invalid {
  const number = /^[+]?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min) return new Invalid(message ?? `must be a whole number ≥ ${min}`);
  if (number > max) return new Invalid(message ?? `must be a whole number ≤ ${max}`);
  return number;
}

export function wholeNumber(options: WholeNumberOptions & { fallback: number }): EnvField<number> {
  return field((value) => (value === undefined ? options.fallback : parseWholeNumber(value, options)));
}

export function optionalWholeNumber(options: WholeNumberOptions): EnvField<number | undefined> {
  return field((value) => (value === undefined ? undefined : parseWholeNumber(value, options)));
}

function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** An absolute http(s) URL without its trailing slash; `fallback` undefined leaves it optional. */
export function origin(fallback: string, example: string): EnvField<string>;
export function origin(fallback: undefined, example: string): EnvField<string | undefined>;
export function origin(fallback: string | undefined, example: string): EnvField<string | undefined> {
  return field((value) => {
    if (value === undefined) return fallback;
    return httpUrl(value)
      ? value.replace(/\/+$/, '')
      : new Invalid(`must be an absolute http(s) URL such as ${example}`);
  });
}
