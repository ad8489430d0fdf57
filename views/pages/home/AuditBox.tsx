import { MAX_URL_LENGTH } from '#views/model/url-input.ts';

/**
 * "Audit your site" in the home page's first screen: a plain GET form to /seo-audit, so it works
 * without JavaScript. The audit page reads `?url=` on the server, fills its box and runs by itself.
 * It says it checks one page and points to the whole-site audit, on a phone too.
 */
export function AuditBox() {
  return (
    <form className="audit-box" action="/seo-audit" method="get">
      <h2 id="audit-box-heading">Audit your site, free</h2>
      <p className="audit-box-scope">
        Checks one page: 22 checks of title, description, headings, speed, mobile and more. No sign-up.
      </p>
      <label htmlFor="home-audit-url">Page address</label>
      <div className="audit-box-row">
        <input
          id="home-audit-url"
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          required
          maxLength={MAX_URL_LENGTH}
          placeholder="example.com"
        />
        <button type="submit" className="button">
          Audit my site
        </button>
      </div>
      <p className="audit-box-whole">
        One page at a time. For every page of your site: <a href="/site-audit">Website SEO Audit</a>
      </p>
    </form>
  );
}
