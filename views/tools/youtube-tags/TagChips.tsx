import { CopyButton } from '#views/components/CopyButton.tsx';
import { tagCharacterCount, tagsForClipboard } from './logic.ts';

/** Tags as chips with one "copy all" button; the video's own tags are marked apart from suggestions. */
export function TagChips({ tags, own }: { tags: string[]; own?: string[] }) {
  const ownSet = new Set((own ?? []).map((tag) => tag.toLowerCase()));
  return (
    <div className="tag-result">
      <ul className="tag-chips" aria-label="Tags">
        {tags.map((tag) => (
          <li key={tag} className={ownSet.has(tag.toLowerCase()) ? 'tag-chip own' : 'tag-chip'}>
            {tag}
          </li>
        ))}
      </ul>
      <p className="muted">
        {tags.length} tag{tags.length === 1 ? '' : 's'} · {tagCharacterCount(tags)} characters (YouTube allows 500)
      </p>
      <div className="actions">
        <CopyButton text={tagsForClipboard(tags)} label="Copy all tags" />
      </div>
    </div>
  );
}
