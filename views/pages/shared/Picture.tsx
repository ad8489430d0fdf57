import { useImage } from '#views/site-context.ts';
import { artwork, type ArtworkKind } from '#views/pages/shared/images.ts';

interface PictureProps {
  name: string;
  kind: ArtworkKind;
  alt: string;
  /** Above the fold: load eagerly with high priority; everything else is lazy. */
  eager?: boolean;
  sizes?: string;
  className?: string;
}

/** AVIF, then WebP, then JPEG, with the intrinsic size set so nothing shifts while it loads. */
export function Picture({
  name,
  kind,
  alt,
  eager = false,
  sizes = '(max-width: 700px) 100vw, 800px',
  className,
}: PictureProps) {
  const set = artwork(name, kind, useImage);
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={set.avif} sizes={sizes} />
      <source type="image/webp" srcSet={set.webp} sizes={sizes} />
      <img
        src={set.src}
        srcSet={set.jpg}
        sizes={sizes}
        width={set.width}
        height={set.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'sync' : 'async'}
        fetchPriority={eager ? 'high' : 'auto'}
      />
    </picture>
  );
}
