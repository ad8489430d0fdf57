import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { CopyrightNotice } from './CopyrightNotice.tsx';
import ShortsDownloaderWidget from './ShortsWidget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'How do I download a YouTube Short?',
    answer:
      'Copy the Short\'s link (Share → Copy link), paste it in the Video URL: field and press Get Download Link. When the status turns green, open "Click here to download the video".',
  },
  {
    question: 'Is this YouTube Shorts downloader free?',
    answer: 'Yes. It is free, needs no account and has no daily cap.',
  },
  {
    question: 'Why do some Shorts give an error?',
    answer:
      'Private, removed or age-restricted videos cannot be read without signing in, and some videos are only offered in protected streams. The tool does not work around those protections; the error message says which case applies.',
  },
  {
    question: 'Can I download any Short I like?',
    answer:
      "Download your own Shorts, or ones whose creator allows it. Re-uploading someone else's video without permission can break copyright law and YouTube's terms.",
  },
];

const benefits = [
  {
    title: 'Quick download',
    text: 'Paste a link and get the MP4 in seconds; the file streams straight to your device.',
  },
  { title: 'Completely free', text: 'No fees, no sign-up and no watermark added to the video.' },
  { title: 'No installation', text: 'Works in the browser: no app, extension or desktop software to install.' },
  { title: 'Works on all devices', text: 'Phones, tablets and computers, on Android, iOS, Windows, macOS and Linux.' },
  { title: 'Safe and private', text: 'No login, no cookies, no pop-ups; we do not keep the videos you download.' },
];

function YouTubeShortsDownloaderPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>YouTube Shorts Downloader</h1>
        <p className="lead">
          Save a public YouTube Short as an MP4 with sound. Paste the link, get the download link, done.
        </p>
      </header>
      <Island
        name="tools/video-downloader/ShortsWidget"
        component={ShortsDownloaderWidget}
        props={{ idPrefix: 'shorts' }}
      />
      <CopyrightNotice platform="YouTube" />
      <section className="prose">
        <h2>Why use this Shorts downloader</h2>
        <ul className="benefits">
          {benefits.map((benefit) => (
            <li key={benefit.title}>
              <strong>{benefit.title}:</strong> {benefit.text}
            </li>
          ))}
        </ul>
        <h2>What you get</h2>
        <p>
          The best single MP4 file YouTube offers for the Short (video and sound together, typically 360p or 720p).
          Shorts that YouTube only streams in protected formats cannot be saved, and the tool tells you so instead of
          failing silently. For your video SEO, try the <a href="/youtube-tag-generator">YouTube tag generator</a> and
          the <a href="/youtube-transcript-tool">YouTube transcript tool</a>.
        </p>
      </section>
      <Faq items={faq} />
      <section className="cta-band">
        <h2>Ready to save a Short?</h2>
        <a className="button" href="#top">
          Download a YouTube Short now
        </a>
      </section>
    </article>
  );
}

export const youtubeShortsDownloaderPage = definePage({
  path: '/YouTubeShortsDownloader',
  navLabel: 'YouTube Shorts Downloader',
  title: 'YouTube Shorts Downloader – Save Shorts as MP4 Free',
  description:
    'Free YouTube Shorts downloader: paste a Shorts link and get an MP4 download link with sound in seconds. No app, no sign-up, works on every device.',
  keywords: 'youtube shorts downloader, download youtube shorts, shorts to mp4, save youtube shorts',
  faq,
  aliases: ['/youtube-shorts-downloader'],
  Component: YouTubeShortsDownloaderPage,
});
