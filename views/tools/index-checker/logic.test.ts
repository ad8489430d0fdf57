import { expect, test } from 'vitest';
import { indexedLabel, readUrlList } from './logic.ts';

test('an empty or blank list asks for at least one URL', () => {
  expect(readUrlList('')).toEqual({ ok: false, error: 'Please enter at least one URL' });
  expect(readUrlList(' \n\t\n')).toEqual({ ok: false, error: 'Please enter at least one URL' });
  expect(readUrlList(' https://a.example \n\nhttps://b.example')).toEqual({ ok: true, urls: ['https://a.example', 'https://b.example'] });
});

test('indexed shows Yes/No only from a provider, and says when it was not checked', () => {
  expect(indexedLabel({ indexed: true, indexedNote: 'Submitted and indexed' })).toBe('Yes');
  expect(indexedLabel({ indexed: false, indexedNote: 'Crawled - currently not indexed' })).toBe('No');
  expect(indexedLabel({ indexed: null, indexedNote: '' })).toBe('Not checked (no search provider configured)');
});
