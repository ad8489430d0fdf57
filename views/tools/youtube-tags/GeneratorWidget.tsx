import type { TagGeneratorResponse } from './schema.ts';
import { TagChips } from './TagChips.tsx';
import { VideoTagsForm } from './VideoTagsForm.tsx';

export interface TagGeneratorProps {
  idPrefix: string;
}

export default function TagGeneratorWidget({ idPrefix }: TagGeneratorProps) {
  return (
    <VideoTagsForm<TagGeneratorResponse>
      idPrefix={idPrefix}
      endpoint="/api/youtube-tag-generator"
      idleLabel="Generate Tags"
      busyLabel="Generating..."
      failure="Failed to generate tags"
      renderResult={(result) => (
        <>
          <p className="video-meta">
            Tags for <strong>{result.title}</strong>: {result.videoTags.length} from the video itself (highlighted),{' '}
            {result.suggestions.length} suggested from its title and description.
          </p>
          {result.tags.length ? (
            <TagChips tags={result.tags} own={result.videoTags} />
          ) : (
            <p>This video has no title, description or tags to work from.</p>
          )}
        </>
      )}
    />
  );
}
