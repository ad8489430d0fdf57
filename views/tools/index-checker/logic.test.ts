import { expect, test } from 'vitest';
import { googleSiteSearchUrl, indexableBadge, indexedLabel, readUrlList } from './logic.ts';

test('an empty or blank list asks for at least one URL', () => {
  expect(readUrlList('')).toEqual({ ok: false, error: 'Please enter at least one URL' });
  expect(readUrlList(' \n\t\n')).toEqual({ ok: false, error: 'Please enter at least one URL' });
  expect(readUrlList(' https://a.example \n\nhttps://b.example')).toEqual({
    ok: true,
    urls: ['https://a.example', 'https://b.example'],
  });
});

test('indexed shows Yes/No only from a provider, and says when it was not checked', () => {
  expect(indexedLabel({ indexed: true, indexedNote: 'Submitted and indexed' })).toBe('Yes');
  expect(indexedLabel({ indexed: false, indexedNote: 'Crawled - currently not indexed' })).toBe('No');
  expect(indexedLabel({ indexed: null, indexedNote: '' })).toBe('Not checked (no search provider configured)');
});

test('the Indexable badge says Yes/No only when the page answered', () => {
  expect(indexableBadge({ indexable: true, state: 'checked' })).toEqual({ label: 'Yes', tone: 'pass' });
  expect(indexableBadge({ indexable: false, state: 'checked' })).toEqual({ label: 'No', tone: 'fail' });
  expect(indexableBadge({ indexable: null, state: 'failed' })).toEqual({ label: 'Could not check', tone: 'warning' });
  expect(indexableBadge({ indexable: null, state: 'timed-out' })).toEqual({ label: 'Timed out', tone: 'warning' });
});

test('the Google link searches site: for the URL without its scheme or fragment', () => {
  expect(googleSiteSearchUrl('https://www.example.com/blog/post?id=1#top')).toBe(
    'https://www.google.com/search?q=site%3Awww.example.com%2Fblog%2Fpost%3Fid%3D1',
  );
  expect(googleSiteSearchUrl(' example.in/a ')).toBe('https://www.google.com/search?q=site%3Aexample.in%2Fa');
});
