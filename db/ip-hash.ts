import { createHash } from 'node:crypto';
import type { Db } from '#db/index.ts';

/**
 * Returns a function that hashes an IP address with this installation's salt. Without the salt an
 * IPv4 hash could be reversed by trying all four billion addresses.
 */
export async function createIpHasher(db: Db): Promise<(ip: string | undefined) => string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'ip_hash_salt').executeTakeFirst();
  const salt = row?.value ?? '';
  return (ip) => (ip ? createHash('sha256').update(`${salt}:${ip}`).digest('hex').slice(0, 32) : null);
}
