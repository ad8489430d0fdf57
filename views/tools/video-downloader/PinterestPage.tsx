import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { CopyrightNotice } from './CopyrightNotice.tsx';
import VideoDownloaderWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Which Pinterest links work?',
    answer:
      'Links to a single video pin: pinterest.com/pin/… on any Pinterest country site (in.pinterest.com, pinterest.co.uk …) and pin.it short links from the Share button. Boards and profiles are not single videos.',
  },
  {
    question: 'What does the resolution choice do?',
    answer:
      'Pinterest stores each video in a few sizes. We pick the largest one that is not above your choice, so 1080p gives the best copy available and 360p a small file for slow connections. If the pin only exists in larger sizes you get the smallest of them.',
  },
  {
    question: 'Why is the download link on this site and not on Pinterest?',
    answer:
      "Pinterest's video links are tied to the server that asked for them and expire. The link streams the file from Pinterest through this site, straight to you, without storing it. Links stay valid for an hour.",
  },
  {
    question: 'Is it free? Do I need an account?',
    answer:
      'Yes, it is free and there is nothing to sign up for. We only read public pins; private or secret boards cannot be downloaded.',
  },
];

function PinterestDownloaderPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Pinterest Video Downloader</h1>
        <p className="lead">
          Save a public Pinterest video as an MP4 in the resolution you choose: paste the pin link, pick a size,
          download.
        </p>
      </header>
      <Island
        name="tools/video-downloader/Widget"
        component={VideoDownloaderWidget}
        props={{
          idPrefix: 'pinterest',
          endpoint: '/api/pinterest/download',
          placeholder: 'Enter Pinterest video URL',
          withResolution: true,
        }}
      />
      <CopyrightNotice platform="Pinterest" />
      <section className="prose">
        <h2>How to download a Pinterest video</h2>
        <ol>
          <li>
            Open the video pin in the Pinterest app or website and copy its link (Share → Copy link gives a pin.it link,
            which works too).
          </li>
          <li>
            Paste it in the <strong>Video URL:</strong> field and choose a resolution (1080p by default).
          </li>
          <li>
            Press <strong>Download</strong>, then <strong>Click here to download the video</strong> to save the MP4.
          </li>
        </ol>
        <h2>Why marketers save pins</h2>
        <p>
          Saving your own video pins is the easiest way to re-use them on Instagram Reels, YouTube Shorts or your
          website, and to keep an archive of creatives that performed well. For reference material made by others, ask
          the creator first. Looking for more free tools? Try the{' '}
          <a href="/InstagramReelDownloader">Instagram reel downloader</a>, the{' '}
          <a href="/YouTubeShortsDownloader">YouTube Shorts downloader</a> or the{' '}
          <a href="/image-compressor">image compressor</a>.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const pinterestDownloaderPage = definePage({
  path: '/PinterestDownloader',
  navLabel: 'Pinterest Downloader',
  title: 'Pinterest Video Downloader – Save Pinterest Videos as MP4 (1080p to 360p)',
  description:
    'Free Pinterest video downloader: paste a pin or pin.it link, choose 1080p, 720p, 480p or 360p and save the public video as an MP4. No sign-up.',
  keywords: 'pinterest video downloader, download pinterest video, pin.it downloader, pinterest mp4',
  faq,
  aliases: ['/pinterest-downloader', '/pinterest-video-downloader'],
  Component: PinterestDownloaderPage,
});
