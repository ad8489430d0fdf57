import type { Response } from 'express';
import { z } from 'zod';
import { HttpError } from './http-error.ts';

function fieldName(path: PropertyKey[]): string {
  const name = path.filter((part) => typeof part === 'string').join('.');
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : 'Value';
}

// Default zod messages ("Invalid input: expected string, received undefined") are for developers;
// these name the field and say what to do. A message given in a schema always wins over these.
z.config({
  customError(issue) {
    const field = fieldName(issue.path ?? []);
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null
          ? `${field} is required`
          : `${field} must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`;
      case 'too_small':
        if (issue.origin === 'string')
          return Number(issue.minimum) <= 1
            ? `${field} is required`
            : `${field} must be at least ${issue.minimum} characters`;
        if (issue.origin === 'array')
          return `${field} must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`;
        return `${field} must be at least ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters`;
        if (issue.origin === 'array') return `${field} may have at most ${issue.maximum} items`;
        return `${field} must be at most ${issue.maximum}`;
      case 'invalid_format':
        if (issue.format === 'email') return `${field} must be a valid email address`;
        if (issue.format === 'url') return `${field} must be a valid URL`;
        return `${field} has an invalid format`;
      case 'invalid_value':
        return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
      case 'unrecognized_keys':
        return `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      default:
        return undefined;
    }
  },
});

/** Validates `value` against `schema`, throwing `HttpError(400)` with the first issue's message. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
}

/** Aborts when the client goes away before the answer is sent: long work stops for nobody. */
export function clientGoneSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
