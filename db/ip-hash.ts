import { createHash } from 'node:crypto';
import type { Db } from '#db/index.ts';

/**
 * Returns a function that hashes an IP address with this installation's salt. Without the salt an
 * IPv4 hash could be reversed by trying all four billion addresses.
 */
export function createIpHasher(db: Db): (ip: string | undefined) => string | null {
  const row = db.prepare("SELECT value FROM app_meta WHERE key = 'ip_hash_salt'").get() as
    { value: string } | undefined;
  const salt = row?.value ?? '';
  return (ip) => (ip ? createHash('sha256').update(`${salt}:${ip}`).digest('hex').slice(0, 32) : null);
}
