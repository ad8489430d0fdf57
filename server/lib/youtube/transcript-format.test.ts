import { expect, test } from 'vitest';
import { clockTime, srtTime, toPlainText, toSrt, transcriptFileName } from './transcript-format.ts';
import { pickPdfFont } from '#server/lib/pdf/index.ts';
import { renderTranscriptPdf } from './transcript-pdf.ts';

const segments = [
  { start: 0.5, duration: 2.1, text: 'Hello and welcome' },
  { start: 2, duration: 3, text: 'to local SEO in Delhi' },
  { start: 3725.25, duration: 0, text: 'the end' },
];

test('plain text has one caption per line', () => {
  expect(toPlainText(segments)).toBe('Hello and welcome\nto local SEO in Delhi\nthe end');
});

test('SRT numbers cues, clips overlaps and gives zero-length cues two seconds', () => {
  expect(toSrt(segments)).toBe(
    '1\n00:00:00,500 --> 00:00:02,000\nHello and welcome\n\n' +
      '2\n00:00:02,000 --> 00:00:05,000\nto local SEO in Delhi\n\n' +
      '3\n01:02:05,250 --> 01:02:07,250\nthe end\n',
  );
});

test('time stamps', () => {
  expect(srtTime(0)).toBe('00:00:00,000');
  expect(srtTime(59.9996)).toBe('00:01:00,000');
  expect(clockTime(65)).toBe('1:05');
  expect(clockTime(3725)).toBe('1:02:05');
});

test('file names are safe', () => {
  expect(transcriptFileName('dQw4w9WgXcQ', 'en-GB', 'srt')).toBe('transcript-dQw4w9WgXcQ-en-GB.srt');
  expect(transcriptFileName('dQw4w9WgXcQ', '../x', 'txt')).toBe('transcript-dQw4w9WgXcQ-x.txt');
});

test('the PDF is a real PDF carrying the title and the caption text', async () => {
  const pdf = await renderTranscriptPdf({
    title: 'Local SEO Basics',
    channel: 'Delhi SEO',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    language: 'en',
    segments: [...segments, { start: 9, duration: 1, text: 'Ünïcødé — café' }],
    fontPath: pickPdfFont(),
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
});

test('a long transcript flows onto more pages', async () => {
  const many = Array.from({ length: 200 }, (_, i) => ({ start: i * 3, duration: 3, text: `caption line number ${i}` }));
  const pdf = await renderTranscriptPdf({
    title: 'Long',
    channel: 'c',
    videoUrl: 'u',
    language: 'en',
    segments: many,
    fontPath: pickPdfFont(),
  });
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)!.length).toBeGreaterThan(3);
});
