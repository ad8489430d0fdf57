import { Fragment, type ReactNode } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

/**
 * The admin's page frame (server/http/admin renders it to static markup): the document, the bar
 * with the sections' navigation and the sign-out form, and the few pages of the shell itself
 * (sign-in, not found, refused). Plain HTML and forms: it works without JavaScript.
 */

export function AdminDocument({ title, css, children }: { title: string; css: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <link rel="stylesheet" href={css} />
      </head>
      <body className="admin">{children}</body>
    </html>
  );
}

export interface AdminNavLink {
  href: string;
  label: string;
  current: boolean;
}

export interface AdminFrameProps {
  title: string;
  businessName: string;
  css: string;
  /** The session's form token, for the sign-out form. */
  csrf: string;
  nav: AdminNavLink[];
  /** An inline script and the request's CSP nonce it runs under. */
  script?: { code: string; nonce?: string };
  children: ReactNode;
}

export function AdminFrame({ title, businessName, css, csrf, nav, script, children }: AdminFrameProps) {
  return (
    <AdminDocument title={`${title} · ${businessName}`} css={css}>
      <header className="admin-bar">
        <strong>{`${businessName} admin`}</strong>
        <nav aria-label="Admin">
          {nav.map((link, index) => (
            <Fragment key={link.href}>
              {index ? ' · ' : null}
              <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                {link.label}
              </a>
            </Fragment>
          ))}
        </nav>
        <form method="post" action="/admin/logout">
          <input type="hidden" name="csrf" value={csrf} />
          <button type="submit" className="button secondary">
            Sign out
          </button>
        </form>
      </header>
      {children}
      {script ? <script nonce={script.nonce} dangerouslySetInnerHTML={{ __html: script.code }} /> : null}
    </AdminDocument>
  );
}

export function LoginPage({ businessName, css, error }: { businessName: string; css: string; error?: string }) {
  return (
    <AdminDocument title={`Sign in · ${businessName} admin`} css={css}>
      <main className="admin-login">
        <h1>Admin sign-in</h1>
        <p>{businessName}: leads, posts and client sites.</p>
        <form method="post" action="/admin/login" className="tool-card">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
          />
          <ErrorMessage error={error} />
          <div className="actions">
            <button type="submit" className="button">
              Sign in
            </button>
          </div>
        </form>
      </main>
    </AdminDocument>
  );
}

/** The outcome of the last action (after its redirect), and what was refused, if anything. */
export function AdminNotices({ notice, error }: { notice?: string; error?: string }) {
  return (
    <>
      {notice ? (
        <p className="success" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorMessage error={error} />
    </>
  );
}

/** A page that only says something (not found, refused), with the way back. */
export function AdminMessagePage({ css, title, message }: { css: string; title: string; message?: string }) {
  return (
    <AdminDocument title={title} css={css}>
      <main className="admin-login">
        <h1>{title}</h1>
        {message ? <p>{message}</p> : null}
        <p>
          <a href="/admin">Back to the admin</a>
        </p>
      </main>
    </AdminDocument>
  );
}
