import { optionsSummary, type OptionsForm } from './logic.ts';

/**
 * The crawl options, folded under one line that says which differ from the defaults. Plain words
 * beside each choice; the pattern syntax is explained where it is typed.
 */
export function OptionsFields({
  idPrefix,
  form,
  onChange,
  disabled,
}: {
  idPrefix: string;
  form: OptionsForm;
  onChange: (form: OptionsForm) => void;
  disabled: boolean;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = <K extends keyof OptionsForm>(key: K, value: OptionsForm[K]) => onChange({ ...form, [key]: value });
  return (
    <details className="sitemap-options">
      <summary>
        Options <span className="sitemap-options-summary">{optionsSummary(form)}</span>
      </summary>
      <fieldset className="sitemap-options-body" disabled={disabled}>
        <legend className="visually-hidden">Crawl options</legend>
        <div className="sitemap-option">
          <label htmlFor={id('max-pages')}>Page limit</label>
          <input
            id={id('max-pages')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={form.maxPages}
            placeholder="As many as allowed"
            aria-describedby={id('max-pages-hint')}
            onChange={(event) => set('maxPages', event.target.value)}
          />
          <p className="sitemap-hint" id={id('max-pages-hint')}>
            Stop after this many requests. Each request counts: robots.txt, every page and every redirect. Leave empty
            for the most this site allows.
          </p>
        </div>
        <div className="sitemap-option">
          <label htmlFor={id('include')}>Only list URLs matching</label>
          <textarea
            id={id('include')}
            rows={3}
            value={form.include}
            placeholder={'/blog/\n/products/*'}
            spellCheck={false}
            aria-describedby={id('patterns-hint')}
            onChange={(event) => set('include', event.target.value)}
          />
        </div>
        <div className="sitemap-option">
          <label htmlFor={id('exclude')}>Leave out URLs matching</label>
          <textarea
            id={id('exclude')}
            rows={3}
            value={form.exclude}
            placeholder={'/tag/\n/*?print=1'}
            spellCheck={false}
            aria-describedby={id('patterns-hint')}
            onChange={(event) => set('exclude', event.target.value)}
          />
        </div>
        <p className="sitemap-hint sitemap-patterns-hint" id={id('patterns-hint')}>
          One pattern per line, up to 20 in each box. A pattern is a path that starts with <code>/</code>:{' '}
          <code>/blog/</code> matches every URL under /blog/, <code>*</code> stands for any characters, and a{' '}
          <code>$</code> at the end means the URL ends there (<code>/about$</code>). Pages that match no &ldquo;only
          list&rdquo; pattern are still visited to find links; pages you leave out are not visited at all.
        </p>
        <fieldset className="sitemap-option-group">
          <legend>Pages that ask not to be in Google</legend>
          <label className="sitemap-check-option">
            <input
              type="checkbox"
              checked={form.includeNoindex}
              onChange={(event) => set('includeNoindex', event.target.checked)}
            />
            <span>List pages marked noindex</span>
          </label>
          <label className="sitemap-check-option">
            <input
              type="checkbox"
              checked={form.includeNonCanonical}
              onChange={(event) => set('includeNonCanonical', event.target.checked)}
            />
            <span>List pages whose canonical points to another URL</span>
          </label>
          <p className="sitemap-hint">
            Best left unticked: Google asks for a sitemap of the pages you want in search results, which means indexable
            pages under their canonical URL. A noindex or non-canonical URL in a sitemap sends it mixed signals.
          </p>
        </fieldset>
        <fieldset className="sitemap-option-group">
          <legend>Extra details in the XML</legend>
          <label className="sitemap-check-option">
            <input type="checkbox" checked={form.images} onChange={(event) => set('images', event.target.checked)} />
            <span>
              Images on each page (<code>image:image</code>, up to 1,000 per page)
            </span>
          </label>
          <label className="sitemap-check-option">
            <input
              type="checkbox"
              checked={form.hreflang}
              onChange={(event) => set('hreflang', event.target.checked)}
            />
            <span>
              Language versions from hreflang tags (<code>xhtml:link</code>)
            </span>
          </label>
        </fieldset>
      </fieldset>
    </details>
  );
}
