// The pages of the benches' fixture websites (crawl-site.mjs, monitoring-sites.mjs): page i of a
// site of `pages` pages links to its neighbour (so every page is reachable) and to a spread of
// others, like a real site's nav, related posts and pagination.
const filler = '<p>Delhi NCR search engine optimisation fixture text for the crawl benchmark.</p>'.repeat(60);

/** The pages page i links to, by number, in its nav's order (its link to / is not among them). */
export function benchLinkTargets(i, pages) {
  return [i + 1, i * 7 + 3, i * 13 + 11, i * 31 + 17, Math.floor(i / 2), 0, 1, 2].map((n) => n % pages);
}

/** The pages by number in the order a crawl meets them: breadth first from the start page (page 0's content). */
export function benchCrawlOrder(pages) {
  const order = [0];
  const seen = new Uint8Array(pages);
  seen[0] = 1;
  for (let at = 0; at < order.length && order.length < pages; at += 1)
    for (const n of benchLinkTargets(order[at], pages))
      if (!seen[n]) {
        seen[n] = 1;
        order.push(n);
      }
  return order;
}

/** Page i's HTML; `extraLinks` are added to its nav (a bench plants broken links with them). */
export function benchPage(i, pages, extraLinks = []) {
  const links = [...benchLinkTargets(i, pages).map((n) => `/page/${n}`), ...extraLinks]
    .map((href) => `<li><a href="${href}">Page ${href.split('/').pop()}</a></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title>
<link rel="canonical" href="/page/${i}"></head><body><nav><ul><li><a href="/">Home</a></li>${links}</ul></nav>
<main><h1>Page ${i}</h1>${filler}<a href="https://external.example/ref/${i}">reference</a></main></body></html>`;
}

/** The start page: page 0 without its canonical. */
export function benchHome(pages, extraLinks = []) {
  return benchPage(0, pages, extraLinks).replace('<link rel="canonical" href="/page/0">', '');
}
