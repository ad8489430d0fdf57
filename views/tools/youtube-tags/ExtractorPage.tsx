import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import TagsExtractorWidget from './ExtractorWidget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What does the tags extractor show?',
    answer:
      "The exact tags the creator entered for the video, which YouTube hides on the watch page, together with the video's title and channel.",
  },
  {
    question: 'Why does a video show no tags?',
    answer:
      'Many creators do not add tags. In that case the tool says so; the YouTube tag generator can still suggest tags from the title and description.',
  },
  {
    question: 'Which links work?',
    answer: 'Watch, youtu.be, Shorts, embed, live and mobile (m.youtube.com) links of public videos.',
  },
  {
    question: "Is it allowed to look at other videos' tags?",
    answer:
      "Yes. Tags are part of the public data YouTube sends to every viewer's browser; the tool only reads that data.",
  },
];

function TagsExtractorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>YouTube Video Tags Extractor</h1>
        <p className="lead">
          See the hidden tags of any public YouTube video, with its title and channel, and copy them in one click.
        </p>
      </header>
      <Island name="tools/youtube-tags/ExtractorWidget" component={TagsExtractorWidget} props={{ idPrefix: 'tagx' }} />
      <section className="prose">
        <h2>Learn from videos that rank</h2>
        <p>
          Search your topic on YouTube, open the top results and extract their tags. Repeated tags show which terms the
          successful videos target; combine them with your own keyword research. Want suggestions for your own video
          too? Try the <a href="/youtube-tag-generator">YouTube tag generator</a>.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const youtubeTagsExtractorPage = definePage({
  path: '/youtube-video-tags-extractor',
  navLabel: 'YouTube Video Tags Extractor',
  title: "YouTube Video Tags Extractor – See Any Video's Hidden Tags",
  description:
    'Free YouTube tags extractor: paste a video link to see the exact tags its creator used, with the title and channel, and copy them all at once.',
  keywords: 'youtube tags extractor, youtube tag viewer, see youtube video tags, extract youtube tags',
  faq,
  aliases: ['/YouTubeVideoTagsExtractor', '/youtube-tags-extractor'],
  Component: TagsExtractorPage,
});
