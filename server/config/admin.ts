import { field, Invalid } from './fields.ts';
import { defineSection } from './section.ts';

export const ADMIN_PASSWORD_MIN = 12;

/** Never echoed back, even when refused. */
const password = field((value) => {
  if (value === undefined) return undefined;
  return value.length >= ADMIN_PASSWORD_MIN
    ? value
    : new Invalid(`must be at least ${ADMIN_PASSWORD_MIN} characters (it has ${value.length})`, true);
});

/**
 * The admin inbox at /admin exists only when ADMIN_PASSWORD is set; otherwise every /admin path is
 * an ordinary 404.
 */
export const admin = defineSection({
  env: {
    ADMIN_PASSWORD: password,
  },
  read: (env) => (env.ADMIN_PASSWORD ? { password: env.ADMIN_PASSWORD } : null),
});
