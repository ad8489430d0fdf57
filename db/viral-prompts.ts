import { z } from 'zod';
import { CATEGORIES, type Category } from '#views/model/viral-prompts.ts';
import { VIRAL_PROMPT_SEED } from '#views/model/viral-prompts.ts';
import type { Db } from './index.ts';

const seedSchema = z.record(z.enum(CATEGORIES), z.array(z.string().trim().min(20).max(2000)).min(10));

/**
 * Inserts the curated prompts that are not there yet; safe to run at every boot. Returns how many
 * rows were added. The seed is validated first so a typo in it fails the boot, not a page view.
 */
export function seedViralPrompts(db: Db, seed: Record<Category, readonly string[]> = VIRAL_PROMPT_SEED): number {
  const data = seedSchema.parse(seed);
  const insert = db.prepare('INSERT OR IGNORE INTO viral_prompts (category, text, position) VALUES (?, ?, ?)');
  let added = 0;
  db.transaction(() => {
    for (const category of CATEGORIES) {
      data[category].forEach((text, position) => {
        added += insert.run(category, text, position).changes;
      });
    }
  })();
  return added;
}

export function listViralPrompts(db: Db, category: Category): string[] {
  const rows = db.prepare('SELECT text FROM viral_prompts WHERE category = ? ORDER BY position, id').all(category) as {
    text: string;
  }[];
  return rows.map((row) => row.text);
}
