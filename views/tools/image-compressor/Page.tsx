import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import ImageCompressorWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Which image types can I compress?',
    answer:
      'JPEG, PNG, WebP, AVIF and GIF (animated GIFs keep their frames), up to 15 MB and 50 megapixels each, 20 at a time. WebP results are limited to 24 megapixels and AVIF results to 16 megapixels, because those encoders need far more memory and time. The type is read from the file itself, so a wrongly named file still works and a file that is not an image is refused.',
  },
  {
    question: 'What does the quality slider do?',
    answer:
      'It sets the encoder quality from 10 to 100 (70 by default). Lower values make smaller files with more visible artefacts; 60–80 is usually invisible on photos. For PNG the slider controls colour quantisation; at 100 PNGs stay lossless.',
  },
  {
    question: 'Are my photos kept or shared?',
    answer:
      'No. Images are processed in memory and never written to disk. Location (GPS) and other EXIF metadata are removed from every re-encoded result, after the photo is turned the right way up. When re-encoding would not make a file smaller, you get your original file back unchanged (metadata included), and the tool says so.',
  },
  {
    question: 'Will the image size (dimensions) change?',
    answer:
      'No. The width and height stay the same; only the encoding changes. You can also convert to WebP or AVIF, which are usually much smaller and load faster for SEO.',
  },
  {
    question: 'Can I compress many images at once?',
    answer:
      'Yes. Choose or drop up to 20 images; each shows its own progress and result with the original file name (holiday-photo.jpg converted to WebP downloads as holiday-photo.webp), and "Download all" saves them together as one zip file.',
  },
];

function ImageCompressorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Image Compressor</h1>
        <p className="lead">
          Shrink up to 20 JPEG, PNG, WebP, AVIF and GIF images at once for faster pages, with a quality slider, a
          before/after comparison and one zip to download.
        </p>
      </header>
      <Island name="tools/image-compressor/Widget" component={ImageCompressorWidget} props={{ idPrefix: 'compress' }} />
      <section className="prose">
        <h2>Why image size matters for SEO</h2>
        <p>
          Images are usually the heaviest part of a page. Smaller files improve Largest Contentful Paint, one of
          Google&apos;s Core Web Vitals, and make pages feel faster on mobile data. Compress every image before
          uploading it, and prefer WebP or AVIF where your site supports them.
        </p>
        <h2>How to use it</h2>
        <ol>
          <li>Choose images from your device, or drop them on the box (up to 20).</li>
          <li>Set the quality (70 is a good start) and, if you like, convert to WebP or AVIF.</li>
          <li>
            Press <strong>Compress</strong>, drag the before/after slider to compare, and download each file or all of
            them as a zip.
          </li>
        </ol>
        <p>
          The percentage shown is computed from the real byte sizes of the original and compressed files. Check your
          pages next with the <a href="/seo-audit">free SEO audit</a> or browse all{' '}
          <a href="/try-free-tools">free SEO tools</a>.
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
  description:
    'Free online image compressor: reduce JPEG, PNG, WebP, AVIF and GIF file size with a quality slider, strip GPS metadata and convert to WebP or AVIF.',
  keywords: 'image compressor, compress jpeg, compress png, reduce image size, webp converter, avif converter',
  faq,
  aliases: ['/ImageCompressor', '/image-compressor-tool'],
  Component: ImageCompressorPage,
});
