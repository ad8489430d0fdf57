import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import TagGeneratorWidget from './GeneratorWidget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Where do the tags come from?',
    answer:
      "First the tags the creator actually gave the video (highlighted), read from YouTube's public video data. Then suggestions built from the video's own title, the hashtags in its description and the words it repeats, plus the channel name.",
  },
  {
    question: 'How many tags should a video have?',
    answer:
      'YouTube allows 500 characters of tags in total. A handful of precise tags (the main topic, common misspellings, the brand) matter more than filling the box; the counter shows how much of the limit you use.',
  },
  {
    question: 'Do tags still help YouTube SEO?',
    answer:
      'Tags play a small role next to the title, description and thumbnail, but they help YouTube understand misspellings and related terms. Studying the tags of videos that rank well is a quick way to find those terms.',
  },
  {
    question: 'Can I copy the tags into YouTube Studio?',
    answer:
      'Yes. "Copy all tags" copies them separated by commas, the format the tags field in YouTube Studio accepts.',
  },
];

function TagGeneratorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>YouTube Tag Generator</h1>
        <p className="lead">
          Paste a video link to see its real tags plus tag ideas drawn from its title and description, ready to copy.
        </p>
      </header>
      <Island name="tools/youtube-tags/GeneratorWidget" component={TagGeneratorWidget} props={{ idPrefix: 'taggen' }} />
      <section className="prose">
        <h2>How to use the tag generator</h2>
        <ol>
          <li>Paste the link of your video, or of a competitor&apos;s video that ranks for your topic.</li>
          <li>
            Press <strong>Generate Tags</strong>.
          </li>
          <li>
            Keep the tags that describe your video and press <strong>Copy all tags</strong>.
          </li>
        </ol>
        <p>
          Only need the creator&apos;s own tags? Use the{' '}
          <a href="/youtube-video-tags-extractor">YouTube video tags extractor</a>. Writing the description? The{' '}
          <a href="/youtube-transcript-tool">transcript tool</a> gives you the spoken words to quote.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const youtubeTagGeneratorPage = definePage({
  path: '/youtube-tag-generator',
  navLabel: 'YouTube Tag Generator',
  title: 'YouTube Tag Generator – Real Video Tags and Tag Ideas',
  description:
    "Free YouTube tag generator: read any public video's real tags and get tag ideas from its title and description. Copy them all in one click.",
  keywords: 'youtube tag generator, youtube tags, video tags ideas, youtube seo tags',
  faq,
  aliases: ['/YouTubeTagGenerator'],
  Component: TagGeneratorPage,
});
