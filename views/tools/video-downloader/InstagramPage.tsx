import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { CopyrightNotice } from './CopyrightNotice.tsx';
import VideoDownloaderWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Which Instagram links can I use?',
    answer:
      'Links to a public reel or video post: instagram.com/reel/…, /reels/…, /p/… or /tv/…. Copy it from the ⋯ menu → Copy link. Profile, story and highlight links are not supported.',
  },
  {
    question: 'Why does a reel say it is private?',
    answer:
      'Instagram only shows reels from private accounts to approved followers who are logged in. This tool never logs in, so it can only save reels anyone can watch without an account.',
  },
  {
    question: 'What quality do I get?',
    answer:
      'The highest-resolution MP4 Instagram offers for that reel, usually 1080×1920 for recent reels, with sound.',
  },
  {
    question: 'Is the video stored on your server?',
    answer:
      'No. The download link streams the file from Instagram through this site directly to your device; nothing is kept, and the link expires after an hour.',
  },
];

function InstagramReelDownloaderPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Instagram Reel Downloader</h1>
        <p className="lead">
          Download a public Instagram reel as an MP4 in its best available quality. Paste the link, press Download, save
          the file.
        </p>
      </header>
      <Island
        name="tools/video-downloader/Widget"
        component={VideoDownloaderWidget}
        props={{
          idPrefix: 'instagram',
          endpoint: '/api/instagram/download',
          placeholder: 'Enter Instagram video URL',
          withResolution: false,
        }}
      />
      <CopyrightNotice platform="Instagram" />
      <section className="prose">
        <h2>How it works</h2>
        <ol>
          <li>
            In Instagram, open the reel, tap ⋯ (or the paper plane) and choose <strong>Copy link</strong>.
          </li>
          <li>
            Paste the link in the <strong>Video URL:</strong> field and press <strong>Download</strong>.
          </li>
          <li>
            When the status says <strong>Video ready for download.</strong>, open{' '}
            <strong>Click here to download the video</strong>.
          </li>
        </ol>
        <h2>Good uses</h2>
        <p>
          Back up reels your business posted, move your own content to YouTube Shorts or a website, or review a campaign
          offline. See also the <a href="/PinterestDownloader">Pinterest downloader</a>, the{' '}
          <a href="/YouTubeShortsDownloader">YouTube Shorts downloader</a> and the{' '}
          <a href="/youtube-tag-generator">YouTube tag generator</a>.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const instagramReelDownloaderPage = definePage({
  path: '/InstagramReelDownloader',
  navLabel: 'Instagram Reel Downloader',
  title: 'Instagram Reel Downloader – Save Public Reels as MP4',
  description:
    'Free Instagram reel downloader: paste the link of a public reel or video post and save it as an MP4 in the best quality Instagram offers. No login needed.',
  keywords: 'instagram reel downloader, download instagram reels, instagram video downloader, reels mp4',
  faq,
  aliases: ['/instagram-reel-downloader', '/instagram-downloader'],
  Component: InstagramReelDownloaderPage,
});
