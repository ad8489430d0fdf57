import { z } from 'zod';
import { CATEGORIES, type Category } from '#views/model/viral-prompts.ts';
import { VIRAL_PROMPT_SEED } from '#views/model/viral-prompts.ts';
import type { Db } from './index.ts';

const SEED_BATCH_ROWS = 500;

const seedSchema = z.record(z.enum(CATEGORIES), z.array(z.string().trim().min(20).max(2000)).min(10));

/**
 * Inserts the curated prompts that are not there yet; safe to run at every boot (and by several
 * processes at once: a prompt already there is skipped, never duplicated). Returns how many rows
 * were added. The seed is validated first so a typo in it fails the boot, not a page view.
 */
export async function seedViralPrompts(
  db: Db,
  seed: Record<Category, readonly string[]> = VIRAL_PROMPT_SEED,
): Promise<number> {
  const data = seedSchema.parse(seed);
  const rows = CATEGORIES.flatMap((category) => data[category].map((text, position) => ({ category, text, position })));
  // All or nothing, in statements of SEED_BATCH_ROWS rows (× 3 values), far below either database's parameter limit.
  return db.transaction().execute(async (trx) => {
    let added = 0;
    for (let from = 0; from < rows.length; from += SEED_BATCH_ROWS) {
      const result = await trx
        .insertInto('viral_prompts')
        .values(rows.slice(from, from + SEED_BATCH_ROWS))
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  });
}

export async function listViralPrompts(db: Db, category: Category): Promise<string[]> {
  const rows = await db
    .selectFrom('viral_prompts')
    .select('text')
    .where('category', '=', category)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.text);
}
