/**
 * Public whois, site-info, SEO-stats, security and archive pages that take a domain in their URL.
 * Opening one gives the site owner a real report, and many of these pages are themselves crawled
 * and link back to the domain they describe. `{domain}` is the bare punycode domain; `{url}` is
 * `https://{domain}/`, percent-encoded for use inside a query string.
 */
export type ServiceCategory =
  'Whois & DNS' | 'SEO & traffic stats' | 'Technology & performance' | 'Security & reputation' | 'Search & archives';

export interface BacklinkService {
  name: string;
  category: ServiceCategory;
  template: string;
}

export const SERVICES: readonly BacklinkService[] = [
  { name: 'Whois.com', category: 'Whois & DNS', template: 'https://www.whois.com/whois/{domain}' },
  { name: 'Who.is', category: 'Whois & DNS', template: 'https://who.is/whois/{domain}' },
  { name: 'DomainTools Whois', category: 'Whois & DNS', template: 'https://whois.domaintools.com/{domain}' },
  { name: 'ICANN Lookup', category: 'Whois & DNS', template: 'https://lookup.icann.org/en/lookup?name={domain}' },
  { name: 'RDAP.org', category: 'Whois & DNS', template: 'https://rdap.org/domain/{domain}' },
  {
    name: 'MxToolbox DNS',
    category: 'Whois & DNS',
    template: 'https://mxtoolbox.com/SuperTool.aspx?action=dns%3a{domain}&run=toolpage',
  },
  { name: 'IntoDNS', category: 'Whois & DNS', template: 'https://intodns.com/{domain}' },
  { name: 'DNS Checker', category: 'Whois & DNS', template: 'https://dnschecker.org/#A/{domain}' },
  { name: 'WhatsMyDNS', category: 'Whois & DNS', template: 'https://www.whatsmydns.net/#A/{domain}' },
  { name: 'Robtex', category: 'Whois & DNS', template: 'https://www.robtex.com/dns-lookup/{domain}' },
  { name: 'Hurricane Electric BGP Toolkit', category: 'Whois & DNS', template: 'https://bgp.he.net/dns/{domain}' },
  {
    name: 'ViewDNS Reverse IP',
    category: 'Whois & DNS',
    template: 'https://viewdns.info/reverseip/?host={domain}&t=1',
  },
  { name: 'nslookup.io', category: 'Whois & DNS', template: 'https://www.nslookup.io/domains/{domain}/dns-records/' },
  { name: 'Similarweb', category: 'SEO & traffic stats', template: 'https://www.similarweb.com/website/{domain}/' },
  {
    name: 'Semrush Domain Overview',
    category: 'SEO & traffic stats',
    template: 'https://www.semrush.com/analytics/overview/?q={domain}',
  },
  {
    name: 'Ahrefs Website Authority Checker',
    category: 'SEO & traffic stats',
    template: 'https://ahrefs.com/website-authority-checker?input={domain}',
  },
  {
    name: 'Ahrefs Backlink Checker',
    category: 'SEO & traffic stats',
    template: 'https://ahrefs.com/backlink-checker?input={domain}',
  },
  {
    name: 'Moz Domain Analysis',
    category: 'SEO & traffic stats',
    template: 'https://moz.com/domain-analysis?site={domain}',
  },
  {
    name: 'Majestic Site Explorer',
    category: 'SEO & traffic stats',
    template: 'https://majestic.com/reports/site-explorer?q={domain}',
  },
  { name: 'SpyFu', category: 'SEO & traffic stats', template: 'https://www.spyfu.com/overview/domain?query={domain}' },
  { name: 'HypeStat', category: 'SEO & traffic stats', template: 'https://hypestat.com/info/{domain}' },
  { name: 'StatsCrop', category: 'SEO & traffic stats', template: 'https://www.statscrop.com/www/{domain}' },
  { name: 'SitePrice', category: 'SEO & traffic stats', template: 'https://www.siteprice.org/website-worth/{domain}' },
  { name: 'SEOptimer', category: 'SEO & traffic stats', template: 'https://www.seoptimer.com/{domain}' },
  { name: 'WooRank', category: 'SEO & traffic stats', template: 'https://www.woorank.com/en/www/{domain}' },
  { name: 'Siteliner', category: 'SEO & traffic stats', template: 'https://www.siteliner.com/{domain}' },
  { name: 'SimilarSites', category: 'SEO & traffic stats', template: 'https://www.similarsites.com/site/{domain}' },
  { name: 'SiteLike', category: 'SEO & traffic stats', template: 'https://www.sitelike.org/similar/{domain}/' },
  { name: 'BuiltWith', category: 'Technology & performance', template: 'https://builtwith.com/{domain}' },
  {
    name: 'Wappalyzer Lookup',
    category: 'Technology & performance',
    template: 'https://www.wappalyzer.com/lookup/{domain}/',
  },
  {
    name: 'Netcraft Site Report',
    category: 'Technology & performance',
    template: 'https://sitereport.netcraft.com/?url={url}',
  },
  {
    name: 'PageSpeed Insights',
    category: 'Technology & performance',
    template: 'https://pagespeed.web.dev/report?url={url}',
  },
  {
    name: 'Google Rich Results Test',
    category: 'Technology & performance',
    template: 'https://search.google.com/test/rich-results?url={url}',
  },
  {
    name: 'W3C Markup Validator',
    category: 'Technology & performance',
    template: 'https://validator.w3.org/nu/?doc={url}',
  },
  {
    name: 'W3C CSS Validator',
    category: 'Technology & performance',
    template: 'https://jigsaw.w3.org/css-validator/validator?uri={url}',
  },
  {
    name: 'Is It Down Right Now',
    category: 'Technology & performance',
    template: 'https://www.isitdownrightnow.com/{domain}.html',
  },
  {
    name: 'Down for Everyone or Just Me',
    category: 'Technology & performance',
    template: 'https://downforeveryoneorjustme.com/{domain}',
  },
  {
    name: 'Check-Host',
    category: 'Technology & performance',
    template: 'https://check-host.net/ip-info?host={domain}',
  },
  {
    name: 'SSL Labs Server Test',
    category: 'Security & reputation',
    template: 'https://www.ssllabs.com/ssltest/analyze.html?d={domain}',
  },
  {
    name: 'Security Headers',
    category: 'Security & reputation',
    template: 'https://securityheaders.com/?q={domain}&followRedirects=on',
  },
  {
    name: 'MDN HTTP Observatory',
    category: 'Security & reputation',
    template: 'https://developer.mozilla.org/en-US/observatory/analyze?host={domain}',
  },
  { name: 'HSTS Preload', category: 'Security & reputation', template: 'https://hstspreload.org/?domain={domain}' },
  { name: 'crt.sh Certificates', category: 'Security & reputation', template: 'https://crt.sh/?q={domain}' },
  { name: 'VirusTotal', category: 'Security & reputation', template: 'https://www.virustotal.com/gui/domain/{domain}' },
  {
    name: 'Google Safe Browsing',
    category: 'Security & reputation',
    template: 'https://transparencyreport.google.com/safe-browsing/search?url={domain}',
  },
  {
    name: 'Sucuri SiteCheck',
    category: 'Security & reputation',
    template: 'https://sitecheck.sucuri.net/results/{domain}',
  },
  { name: 'URLVoid', category: 'Security & reputation', template: 'https://www.urlvoid.com/scan/{domain}/' },
  { name: 'urlscan.io', category: 'Security & reputation', template: 'https://urlscan.io/domain/{domain}' },
  {
    name: 'Norton Safe Web',
    category: 'Security & reputation',
    template: 'https://safeweb.norton.com/report/show?url={domain}',
  },
  {
    name: 'ScamAdviser',
    category: 'Security & reputation',
    template: 'https://www.scamadviser.com/check-website/{domain}',
  },
  { name: 'Trustpilot', category: 'Security & reputation', template: 'https://www.trustpilot.com/review/{domain}' },
  {
    name: 'Google site: search',
    category: 'Search & archives',
    template: 'https://www.google.com/search?q=site%3A{domain}',
  },
  {
    name: 'Bing site: search',
    category: 'Search & archives',
    template: 'https://www.bing.com/search?q=site%3A{domain}',
  },
  {
    name: 'DuckDuckGo site: search',
    category: 'Search & archives',
    template: 'https://duckduckgo.com/?q=site%3A{domain}',
  },
  {
    name: 'Google brand mentions',
    category: 'Search & archives',
    template: 'https://www.google.com/search?q=%22{domain}%22+-site%3A{domain}',
  },
  { name: 'Wayback Machine', category: 'Search & archives', template: 'https://web.archive.org/web/*/{domain}' },
  { name: 'Archive.today', category: 'Search & archives', template: 'https://archive.ph/{domain}' },
];
