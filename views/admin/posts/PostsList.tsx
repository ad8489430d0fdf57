import { AdminNotices } from '#views/admin/AdminFrame.tsx';
import { postPath } from '#views/model/posts.ts';
import { useLocalTime } from '#views/lib/local-time.ts';

/* The posts' list in the admin (server/features/posts/admin-section.ts): import, export, and every post. */

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
  /** The last IndexNow ping: when (ms) and its outcome in words; null when none was sent. */
  ping: { at: number; message: string } | null;
}

export function PostsListPage(props: { csrf: string; posts: AdminPostItem[]; notice?: string; error?: string }) {
  const when = useLocalTime();
  return (
    <main className="admin-inbox">
      <h1>Posts</h1>
      <AdminNotices notice={props.notice} error={props.error} />
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
                <td data-label="Last IndexNow ping">
                  {post.ping ? `${when(post.ping.at)}: ${post.ping.message}` : 'none'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
