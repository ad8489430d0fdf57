import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import ImageCompressorWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Which image types can I compress?',
    answer: 'JPEG, PNG, WebP, AVIF and GIF (animated GIFs keep their frames), up to 15 MB and 50 megapixels. The type is read from the file itself, so a wrongly named file still works and a file that is not an image is refused.',
  },
  {
    question: 'What does the quality slider do?',
    answer: 'It sets the encoder quality from 10 to 100 (70 by default). Lower values make smaller files with more visible artefacts; 60–80 is usually invisible on photos. For PNG the slider controls colour quantisation; at 100 PNGs stay lossless.',
  },
  {
    question: 'Are my photos kept or shared?',
    answer: 'No. Images are processed in memory and never written to disk. Location (GPS) and other EXIF metadata are removed from the result, after the photo is turned the right way up.',
  },
  {
    question: 'Will the image size (dimensions) change?',
    answer: 'No. The width and height stay the same; only the encoding changes. You can also convert to WebP or AVIF, which are usually much smaller and load faster for SEO.',
  },
];

function ImageCompressorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Image Compressor</h1>
        <p className="lead">Shrink JPEG, PNG, WebP, AVIF and GIF images for faster pages, with a quality slider and a side-by-side preview.</p>
      </header>
      <Island name="tools/image-compressor/Widget" component={ImageCompressorWidget} props={{ idPrefix: 'compress' }} />
      <section className="prose">
        <h2>Why image size matters for SEO</h2>
        <p>
          Images are usually the heaviest part of a page. Smaller files improve Largest Contentful Paint, one of Google&apos;s Core Web Vitals, and make
          pages feel faster on mobile data. Compress every image before uploading it, and prefer WebP or AVIF where your site supports them.
        </p>
        <h2>How to use it</h2>
        <ol>
          <li>Choose an image from your device.</li>
          <li>Set the quality (70 is a good start) and, if you like, convert to WebP or AVIF.</li>
          <li>Press <strong>Compress Image</strong>, compare the two previews, and download the result.</li>
        </ol>
        <p>
          The percentage shown is computed from the real byte sizes of the original and compressed files. Check your pages next with the{' '}
          <a href="/seo-audit">free SEO audit</a> or browse all <a href="/try-free-tools">free SEO tools</a>.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const imageCompressorPage = definePage({
  path: '/image-compressor',
  navLabel: 'Image Compressor',
  title: 'Image Compressor – Compress JPEG, PNG, WebP & AVIF Online Free',
  description: 'Free online image compressor: reduce JPEG, PNG, WebP, AVIF and GIF file size with a quality slider, strip GPS metadata and convert to WebP or AVIF.',
  keywords: 'image compressor, compress jpeg, compress png, reduce image size, webp converter, avif converter',
  faq,
  aliases: ['/ImageCompressor', '/image-compressor-tool'],
  Component: ImageCompressorPage,
});
