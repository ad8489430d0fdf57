import { AdminNotices } from '#views/admin/AdminFrame.tsx';
import type { ReactNode } from 'react';
import { POST_CATEGORIES, POST_STATUSES, type EditorValues } from '#views/model/posts.ts';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </p>
  );
}

/** What the post is: title, address, category, description, tags, author, status and time. */
function AboutFields({ values, team }: { values: EditorValues; team: string[] }) {
  return (
    <>
      <Field id="post-title" label="Title">
        <input id="post-title" name="title" defaultValue={values.title} required maxLength={200} />
      </Field>
      <Field
        id="post-slug"
        label="Slug (the address: lowercase words and hyphens; changing it keeps the old address as a redirect)"
      >
        <input
          id="post-slug"
          name="slug"
          defaultValue={values.slug}
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          maxLength={100}
        />
      </Field>
      <Field id="post-category" label="Category">
        <select id="post-category" name="category" defaultValue={values.category}>
          {POST_CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="post-description" label="Description (120 to 160 characters suit search results)">
        <textarea
          id="post-description"
          name="description"
          defaultValue={values.description}
          required
          maxLength={300}
          rows={3}
        />
      </Field>
      <Field id="post-seo-title" label="Title in search results (optional)">
        <input id="post-seo-title" name="seoTitle" defaultValue={values.seoTitle} maxLength={200} />
      </Field>
      <Field id="post-tags" label="Tags (comma-separated)">
        <input id="post-tags" name="tags" defaultValue={values.tags} />
      </Field>
      <Field id="post-author" label="Author">
        <select id="post-author" name="author" defaultValue={values.author}>
          <option value="">{team.length ? 'The first person of the team' : 'The business'}</option>
          {team.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="post-status" label="Status">
        <select id="post-status" name="status" defaultValue={values.status}>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </Field>
      <Field id="post-published" label="Published (for a scheduled post: when it goes live; empty: now)">
        <input id="post-published" name="published" type="datetime-local" defaultValue={values.published} />
      </Field>
    </>
  );
}

/** The cover, pictures for the text (with the script), and the text. */
function ContentFields({ values }: { values: EditorValues }) {
  return (
    <>
      <Field
        id="post-cover"
        label={values.coverImage ? 'Replace the cover image' : 'Cover image (JPEG, PNG, WebP or AVIF, up to 8 MB)'}
      >
        <input id="post-cover" name="cover" type="file" accept="image/*" />
      </Field>
      <Field id="post-cover-alt" label="Cover image description (alt text)">
        <input id="post-cover-alt" name="coverAlt" defaultValue={values.coverAlt} maxLength={300} />
      </Field>
      <p className="field" id="post-picture" hidden>
        <label htmlFor="post-picture-file">Add a picture to the text (at the cursor)</label>
        <input id="post-picture-file" type="file" accept="image/*" aria-describedby="post-picture-status" />
        <span className="hint" id="post-picture-status" role="status" aria-live="polite" />
      </p>
      <Field id="post-body" label="Text (Markdown)">
        <textarea id="post-body" name="body" defaultValue={values.body} rows={24} maxLength={100_000} />
      </Field>
    </>
  );
}

export interface PostEditorProps {
  csrf: string;
  /** Null for a new post. */
  id: string | null;
  values: EditorValues;
  /** The people of the profile's team, who may sign a post. */
  team: string[];
  error?: string;
  notice?: string;
}

/** The Markdown editor and its live preview (preview-script.ts asks the server to render as one types). */
export function PostEditorPage(props: PostEditorProps) {
  const { values } = props;
  const action = props.id ? `/admin/posts/${props.id}` : '/admin/posts';
  return (
    <main className="admin-inbox">
      <h1>{props.id ? `Edit: ${values.title}` : 'New post'}</h1>
      <AdminNotices notice={props.notice} error={props.error} />
      <div className="post-editor">
        <form method="post" action={action} encType="multipart/form-data" className="tool-card" id="post-form">
          <input type="hidden" name="csrf" value={props.csrf} />
          <input type="hidden" name="tzOffset" value={values.tzOffset} id="post-tz" />
          <input type="hidden" name="coverImage" value={values.coverImage} />
          <AboutFields values={values} team={props.team} />
          <ContentFields values={values} />
          <div className="actions">
            <button type="submit" className="button" id="post-save">
              Save
            </button>
            <p className="error" id="post-save-status" role="alert" hidden />
          </div>
        </form>
        <section aria-labelledby="preview-heading" className="post-preview-pane">
          <h2 id="preview-heading">Preview</h2>
          <p className="hint">Updates as you type. Save to publish.</p>
          <div className="post-preview prose" id="post-preview" aria-live="polite" />
        </section>
      </div>
      {props.id ? (
        <form method="post" action={`/admin/posts/${props.id}/delete`}>
          <input type="hidden" name="csrf" value={props.csrf} />
          <button type="submit" className="button secondary">
            Delete this post
          </button>
        </form>
      ) : null}
    </main>
  );
}
