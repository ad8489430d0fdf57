import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { VIRAL_PROMPT_SEED } from '#views/model/viral-prompts.ts';
import { DIALECTS, freshDatabases } from '#test/helpers/databases.ts';
import { listViralPrompts, seedViralPrompts } from './viral-prompts.ts';

describe.each(DIALECTS)('%s', (dialect) => {
  const freshDb = freshDatabases(dialect);

  test('the migration creates the table and seeding fills at least 10 prompts per category', async () => {
    const db = await freshDb();
    await seedViralPrompts(db);
    for (const category of ['image', 'video', 'text', 'audio'] as const) {
      const prompts = await listViralPrompts(db, category);
      expect(prompts.length).toBeGreaterThanOrEqual(10);
      expect(prompts).toEqual([...VIRAL_PROMPT_SEED[category]]);
    }
  });

  test('seeding twice adds nothing the second time', async () => {
    const db = await freshDb();
    expect(await seedViralPrompts(db)).toBe(48);
    expect(await seedViralPrompts(db)).toBe(0);
    expect(await listViralPrompts(db, 'audio')).toHaveLength(12);
  });

  test('a prompt added to the seed later is inserted on the next boot without duplicating the rest', async () => {
    const db = await freshDb();
    await seedViralPrompts(db);
    const extended = {
      ...VIRAL_PROMPT_SEED,
      text: [...VIRAL_PROMPT_SEED.text, 'Write a limerick about a search engine that lost its index.'],
    };
    expect(await seedViralPrompts(db, extended)).toBe(1);
    expect((await listViralPrompts(db, 'text')).at(-1)).toBe(
      'Write a limerick about a search engine that lost its index.',
    );
  });

  test('a malformed seed is refused before anything is written', async () => {
    const db = await freshDb();
    await expect(seedViralPrompts(db, { ...VIRAL_PROMPT_SEED, video: ['too short'] })).rejects.toThrow();
    expect(await listViralPrompts(db, 'image')).toEqual([]);
  });

  test('the database itself refuses unknown categories', async () => {
    const db = await freshDb();
    // SQLite says "CHECK constraint failed", PostgreSQL "violates check constraint".
    await expect(sql`INSERT INTO viral_prompts (category, text) VALUES ('smell', 'x')`.execute(db)).rejects.toThrow(
      /CHECK/i,
    );
  });
});

test('every seed prompt is unique across the whole list', () => {
  const all = Object.values(VIRAL_PROMPT_SEED).flat();
  expect(new Set(all).size).toBe(all.length);
});
