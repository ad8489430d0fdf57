import type { TagsExtractorResponse } from './schema.ts';
import { TagChips } from './TagChips.tsx';
import { VideoTagsForm } from './VideoTagsForm.tsx';

export interface TagsExtractorProps {
  idPrefix: string;
}

export default function TagsExtractorWidget({ idPrefix }: TagsExtractorProps) {
  return (
    <VideoTagsForm<TagsExtractorResponse>
      idPrefix={idPrefix}
      endpoint="/api/youtube-tags-extractor"
      idleLabel="Extract Tags"
      busyLabel="Fetching..."
      failure="Failed to extract tags"
      renderResult={(result) => (
        <>
          <p className="video-meta">
            <strong>{result.title}</strong> · {result.channel}
          </p>
          {result.tags.length ? (
            <TagChips tags={result.tags} own={result.tags} />
          ) : (
            <p>The creator did not add any tags to this video.</p>
          )}
        </>
      )}
    />
  );
}
