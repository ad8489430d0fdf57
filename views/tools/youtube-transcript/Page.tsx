import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import TranscriptWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Which videos have a transcript?',
    answer:
      "Any public video with captions: subtitles written by the creator or YouTube's automatic captions. Private, removed and age-restricted videos, and videos without any captions, cannot be read; the tool tells you which case applies.",
  },
  {
    question: 'Can I choose the language?',
    answer:
      'Yes. When a video has captions in several languages a language menu appears; English written by the creator is chosen first when it exists.',
  },
  {
    question: 'What are the TXT, SRT and PDF downloads?',
    answer:
      'TXT is the plain text, one caption per line. SRT is a subtitle file with timings that video editors and players accept. PDF is a printable document with a time stamp beside each line.',
  },
  {
    question: 'How can transcripts help SEO?',
    answer:
      'A transcript turns a video into text you can publish with it, quote in a blog post or mine for keywords. Search engines read text far better than video.',
  },
];

function TranscriptPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>YouTube Transcript Tool</h1>
        <p className="lead">
          Get the full transcript of a YouTube video in seconds, choose the caption language, copy it or download TXT,
          SRT or PDF.
        </p>
      </header>
      <Island name="tools/youtube-transcript/Widget" component={TranscriptWidget} props={{ idPrefix: 'transcript' }} />
      <section className="prose">
        <h2>How to get a YouTube transcript</h2>
        <ol>
          <li>Copy the video&apos;s link: a watch, youtu.be, Shorts, embed or mobile link all work.</li>
          <li>
            Paste it and press <strong>Get Transcript</strong>.
          </li>
          <li>Read it in the box, copy it, or download it as TXT, SRT or PDF.</li>
        </ol>
        <h2>Ideas for using transcripts</h2>
        <p>
          Publish the transcript below the embedded video, turn a talk into a blog post, write chapter titles and
          descriptions, or subtitle a clip. Pair it with the <a href="/youtube-tag-generator">YouTube tag generator</a>{' '}
          and the <a href="/youtube-video-tags-extractor">YouTube video tags extractor</a> to optimise the video itself.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const youtubeTranscriptPage = definePage({
  path: '/youtube-transcript-tool',
  navLabel: 'YouTube Transcript Tool',
  title: 'YouTube Transcript Tool – Get Video Transcripts as TXT, SRT or PDF',
  description:
    'Free YouTube transcript generator: paste a video link to read its captions, pick the language, copy the text or download it as TXT, SRT subtitles or PDF.',
  keywords:
    'youtube transcript, youtube transcript generator, youtube captions download, youtube to text, srt download',
  faq,
  aliases: ['/YouTubeTranscriptTool'],
  Component: TranscriptPage,
});
