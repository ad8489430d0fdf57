import { CopyButton } from '#views/components/CopyButton.tsx';
import { tagsForClipboard, tagsThatFit, youtubeTagsLength, YOUTUBE_TAGS_LIMIT } from './logic.ts';

/** Tags as chips with one "copy all" button; the video's own tags are marked apart from suggestions. */
export function TagChips({ tags, own }: { tags: string[]; own?: string[] }) {
  const ownSet = new Set((own ?? []).map((tag) => tag.toLowerCase()));
  const used = youtubeTagsLength(tags);
  const over = used > YOUTUBE_TAGS_LIMIT;
  const fit = tagsThatFit(tags);
  return (
    <div className="tag-result">
      <ul className="tag-chips" aria-label="Tags">
        {tags.map((tag, index) => (
          <li
            key={tag}
            className={`tag-chip${ownSet.has(tag.toLowerCase()) ? ' own' : ''}${index >= fit ? ' over-limit' : ''}`}
          >
            {tag}
          </li>
        ))}
      </ul>
      <p className={over ? 'tag-count over' : 'tag-count'} data-testid="tag-count">
        {tags.length} tag{tags.length === 1 ? '' : 's'} ·{' '}
        <strong>
          {used} / {YOUTUBE_TAGS_LIMIT}
        </strong>{' '}
        characters as YouTube counts them (commas count, and a tag with a space counts 2 more for its quotes)
      </p>
      {over ? (
        <p className="tag-limit-warning" role="note">
          Over YouTube&apos;s limit by {used - YOUTUBE_TAGS_LIMIT} characters: only the first {fit} tag
          {fit === 1 ? '' : 's'} fit ({youtubeTagsLength(tags.slice(0, fit))} characters). Remove the faded ones or
          others before pasting.
        </p>
      ) : null}
      <div className="actions">
        <CopyButton text={tagsForClipboard(tags)} label="Copy all tags" />
        {over && fit > 0 ? (
          <CopyButton text={tagsForClipboard(tags.slice(0, fit))} label={`Copy the ${fit} that fit`} />
        ) : null}
      </div>
    </div>
  );
}
