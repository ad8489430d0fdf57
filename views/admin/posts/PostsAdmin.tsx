import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { AdminDocument } from '#views/admin/AdminPages.tsx';
import { POST_CATEGORIES, POST_STATUSES, postPath } from '#views/model/posts.ts';
import { previewScript } from './preview-script.ts';

/** A post in the admin's list. */
export interface AdminPostItem {
  id: string;
  title: string;
  category: string;
  slug: string;
  status: string;
  /** Whether the public sees it now (a scheduled post whose time has come does). */
  live: boolean;
  publishedAt: number | null;
  updatedAt: number;
  /** The last IndexNow ping, in words; null when none was sent. */
  ping: string | null;
}

/** The editor's fields as the form sends them back (text, as typed). */
export interface EditorValues {
  title: string;
  slug: string;
  category: string;
  description: string;
  seoTitle: string;
  tags: string;
  author: string;
  status: string;
  /** `YYYY-MM-DDTHH:mm` in the editor's time zone (tzOffset minutes east of UTC). */
  published: string;
  tzOffset: string;
  coverImage: string;
  coverAlt: string;
  body: string;
}

interface Common {
  businessName: string;
  css: string;
  csrf: string;
  nonce?: string;
}

const when = (ms: number | null) =>
  ms === null ? '—' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

function Bar({ businessName, csrf }: Pick<Common, 'businessName' | 'csrf'>) {
  return (
    <header className="admin-bar">
      <strong>{`${businessName}: posts`}</strong>
      <nav aria-label="Admin">
        <a href="/admin">Inbox</a> · <a href="/admin/posts">Posts</a> · <a href="/admin/client-sites">Client sites</a>
      </nav>
      <form method="post" action="/admin/logout">
        <input type="hidden" name="csrf" value={csrf} />
        <button type="submit" className="button secondary">
          Sign out
        </button>
      </form>
    </header>
  );
}

export function PostsListPage(props: Common & { posts: AdminPostItem[]; notice?: string; error?: string }) {
  return (
    <AdminDocument title={`Posts · ${props.businessName}`} css={props.css}>
      <Bar {...props} />
      <main className="admin-inbox">
        <h1>Posts</h1>
        {props.notice ? (
          <p className="success" role="status">
            {props.notice}
          </p>
        ) : null}
        <ErrorMessage error={props.error} />
        <p>
          <a className="button" href="/admin/posts/new">
            New post
          </a>{' '}
          <a href="/admin/posts/export.zip">Export all as a zip of Markdown files</a>
        </p>
        <form method="post" action="/admin/posts/import" encType="multipart/form-data" className="admin-filters">
          <input type="hidden" name="csrf" value={props.csrf} />
          <label htmlFor="import-zip">Import a zip of Markdown files</label>
          <input id="import-zip" name="zip" type="file" accept=".zip,application/zip" required />
          <button type="submit" className="button secondary">
            Import
          </button>
        </form>
        <div className="table-wrap">
          <table className="card-table admin-posts">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                <th scope="col">Published</th>
                <th scope="col">Updated</th>
                <th scope="col">Last IndexNow ping</th>
              </tr>
            </thead>
            <tbody>
              {props.posts.map((post) => (
                <tr key={post.id}>
                  <th scope="row">
                    <a href={`/admin/posts/${post.id}`}>{post.title}</a>
                    {post.live ? (
                      <>
                        {' '}
                        (<a href={postPath(post)}>view</a>)
                      </>
                    ) : null}
                  </th>
                  <td data-label="Category">{post.category}</td>
                  <td data-label="Status">
                    {post.status === 'scheduled' && post.live ? 'published (was scheduled)' : post.status}
                  </td>
                  <td data-label="Published">{when(post.publishedAt)}</td>
                  <td data-label="Updated">{when(post.updatedAt)}</td>
                  <td data-label="Last IndexNow ping">{post.ping ?? 'none'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </main>
    </AdminDocument>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </p>
  );
}

export function PostEditorPage(
  props: Common & { id: string | null; values: EditorValues; team: string[]; error?: string; notice?: string },
) {
  const { values } = props;
  const action = props.id ? `/admin/posts/${props.id}` : '/admin/posts';
  return (
    <AdminDocument title={`${props.id ? 'Edit' : 'New'} post · ${props.businessName}`} css={props.css}>
      <Bar {...props} />
      <main className="admin-inbox">
        <h1>{props.id ? `Edit: ${values.title}` : 'New post'}</h1>
        {props.notice ? (
          <p className="success" role="status">
            {props.notice}
          </p>
        ) : null}
        <ErrorMessage error={props.error} />
        <div className="post-editor">
          <form method="post" action={action} encType="multipart/form-data" className="tool-card" id="post-form">
            <input type="hidden" name="csrf" value={props.csrf} />
            <input type="hidden" name="tzOffset" value={values.tzOffset} id="post-tz" />
            <input type="hidden" name="coverImage" value={values.coverImage} />
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
                <option value="">{props.team.length ? 'The first person of the team' : 'The business'}</option>
                {props.team.map((name) => (
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
            <Field
              id="post-cover"
              label={
                values.coverImage ? 'Replace the cover image' : 'Cover image (JPEG, PNG, WebP or AVIF, up to 8 MB)'
              }
            >
              <input id="post-cover" name="cover" type="file" accept="image/*" />
            </Field>
            <Field id="post-cover-alt" label="Cover image description (alt text)">
              <input id="post-cover-alt" name="coverAlt" defaultValue={values.coverAlt} maxLength={300} />
            </Field>
            <p className="field" id="post-picture" hidden>
              <label htmlFor="post-picture-file">Add a picture to the text (at the cursor)</label>
              <input id="post-picture-file" type="file" accept="image/*" />
            </p>
            <Field id="post-body" label="Text (Markdown)">
              <textarea id="post-body" name="body" defaultValue={values.body} rows={24} maxLength={100_000} />
            </Field>
            <div className="actions">
              <button type="submit" className="button">
                Save
              </button>
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
      <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: previewScript(props.csrf) }} />
    </AdminDocument>
  );
}
