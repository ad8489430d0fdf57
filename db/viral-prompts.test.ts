import { expect, test } from 'vitest';
import { openDatabase } from './index.ts';
import { VIRAL_PROMPT_SEED } from '#views/model/viral-prompts.ts';
import { listViralPrompts, seedViralPrompts } from './viral-prompts.ts';

function freshDb() {
  return openDatabase(':memory:');
}

test('the migration creates the table and seeding fills at least 10 prompts per category', () => {
  const db = freshDb();
  seedViralPrompts(db);
  for (const category of ['image', 'video', 'text', 'audio'] as const) {
    const prompts = listViralPrompts(db, category);
    expect(prompts.length).toBeGreaterThanOrEqual(10);
    expect(prompts).toEqual([...VIRAL_PROMPT_SEED[category]]);
  }
});

test('seeding twice adds nothing the second time', () => {
  const db = freshDb();
  expect(seedViralPrompts(db)).toBe(48);
  expect(seedViralPrompts(db)).toBe(0);
  expect(listViralPrompts(db, 'audio')).toHaveLength(12);
});

test('a prompt added to the seed later is inserted on the next boot without duplicating the rest', () => {
  const db = freshDb();
  seedViralPrompts(db);
  const extended = {
    ...VIRAL_PROMPT_SEED,
    text: [...VIRAL_PROMPT_SEED.text, 'Write a limerick about a search engine that lost its index.'],
  };
  expect(seedViralPrompts(db, extended)).toBe(1);
  expect(listViralPrompts(db, 'text').at(-1)).toBe('Write a limerick about a search engine that lost its index.');
});

test('a malformed seed is refused before anything is written', () => {
  const db = freshDb();
  expect(() => seedViralPrompts(db, { ...VIRAL_PROMPT_SEED, video: ['too short'] })).toThrow();
  expect(listViralPrompts(db, 'image')).toEqual([]);
});

test('the database itself refuses unknown categories', () => {
  const db = freshDb();
  expect(() => db.prepare("INSERT INTO viral_prompts (category, text) VALUES ('smell', 'x')").run()).toThrow(/CHECK/);
});

test('every seed prompt is unique across the whole list', () => {
  const all = Object.values(VIRAL_PROMPT_SEED).flat();
  expect(new Set(all).size).toBe(all.length);
});
