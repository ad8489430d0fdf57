import type { Guide } from '../guide-types.ts';

export const linkBuilding: Guide = {
  slug: 'link-building-without-spam',
  title: 'Link Building Without Spam: Earning Links That Last',
  description:
    'How Indian businesses earn links without risking a penalty: what Google calls a link scheme, rel attributes, local citations, digital PR and natural anchors.',
  keywords: [
    'link building india',
    'white hat link building',
    'google link spam policy',
    'nofollow sponsored ugc',
    'digital pr',
  ],
  heading: 'Link building without spam: earning links that last',
  summary:
    'Links from other sites still help search engines judge which pages deserve to rank, which is why so many people try to fake them. This guide explains what Google treats as link spam and how a real business earns links that keep their value.',
  published: '2026-11-23',
  reviewed: '2026-11-23',
  sections: [
    {
      id: 'what-counts',
      heading: 'What Google treats as a link scheme',
      paragraphs: [
        "Google's spam policies describe link schemes as links intended to manipulate rankings. That includes buying or selling links that pass ranking credit, excessive link exchanges (\"link to me and I'll link to you\"), large-scale guest posting with keyword-rich anchor links, automated programs that create links, and private blog networks built only to link out. Google's systems are designed to ignore such links, and deliberate schemes can lead to a manual action that removes the benefit of good links too.",
        'Paying for a link is allowed when the link is labelled: rel="sponsored" for adverts and paid placements, rel="ugc" for links in comments and forum posts, rel="nofollow" when you do not want to vouch for a page. Those labels tell Google not to pass ranking credit, which removes the risk.',
      ],
    },
    {
      id: 'packages',
      heading: 'Why cheap link packages are a bad deal',
      paragraphs: [
        'Offers of "500 high DA backlinks" for a few thousand rupees usually mean profiles, comments and posts on sites nobody reads, often on domains that sell the same service to thousands of others. At best those links are ignored, so the money is wasted. At worst they attract a manual action and months of clean-up. Third-party scores such as Domain Authority are estimates made by tool companies; Google does not use them, and sites sold as "high DA" are often inflated precisely because they are built for selling links.',
      ],
    },
    {
      id: 'citations',
      heading: 'The links every local business should have',
      paragraphs: [
        'Start with the listings a real business naturally has: Google Business Profile, Bing Places, Apple Business Connect, and the Indian directories your customers use, such as Justdial, Sulekha, IndiaMART or TradeIndia. Add your trade association, chamber of commerce, and the platforms of your industry (Practo for clinics, Zomato for restaurants, property portals for builders). These are citations more than ranking links, but they confirm your details and send real enquiries.',
        'Then collect the links you have already earned offline: suppliers and manufacturers who list dealers, clients who mention their service providers, colleges where you recruit or teach, events you sponsor. A polite email with the exact page and your correct URL is often all it takes.',
      ],
    },
    {
      id: 'earn',
      heading: 'Creating something worth linking to',
      paragraphs: [
        'Most lasting links point at something useful: a clear guide to a local regulation, a price comparison you keep up to date, original data from your own work, a free tool, or a well-made map or checklist. A Delhi property consultant who publishes honest circle rate explanations for each district, updated when the rates change, gives journalists and bloggers a reason to cite them. Make the page genuinely the best answer, then tell the people who write about the topic that it exists.',
      ],
    },
    {
      id: 'pr',
      heading: 'Digital PR and expert comment',
      paragraphs: [
        'Journalists and bloggers need sources. Follow the publications in your field, note the reporters who cover your topic, and offer a short, quotable comment or data when news breaks in your area of expertise. Keep a one-page profile of your experience ready. An article in a real publication brings readers and credibility even when its link is nofollow.',
        'Guest articles work the same way when the goal is the audience: pitch an editor an idea their readers need, write it properly, and accept the publication\'s link rules. Avoid sites whose "write for us" page lists prices for links; they are selling the scheme Google warns about.',
      ],
    },
    {
      id: 'anchors',
      heading: 'Anchor text that looks natural because it is',
      paragraphs: [
        'When others link to you, they mostly use your brand name, your URL or a plain description ("this guide to GST returns"). A profile where most links use the exact phrase you want to rank for ("best SEO company in Delhi") looks engineered, because it usually is. Where you control the anchor, such as in a bio or a partner listing, use your business name or a natural description.',
      ],
    },
    {
      id: 'disavow',
      heading: 'When to worry about bad links',
      paragraphs: [
        'Every site collects some junk links from scraper sites; Google ignores most of them. The disavow tool in Search Console is meant for sites that have a manual action for unnatural links, or that know of a large number of paid or scheme links pointing at them, for example from a previous SEO agency. If neither applies, leave it alone.',
      ],
      list: {
        ordered: true,
        items: [
          "Check Search Console's Manual actions report.",
          'Export the Links report and look for patterns: hundreds of links from unrelated sites, identical anchors, foreign-language spam.',
          'Ask for removal where you can, and disavow at domain level only what you are confident is part of a scheme.',
        ],
      },
    },
  ],
  tools: [
    {
      href: '/backlink-generator-tool',
      label: 'Backlink Generator Tool',
      why: 'open the analysis and lookup pages for a domain in one place',
    },
    {
      href: '/bulk-anchor-text-generators',
      label: 'Bulk Anchor Text Generator',
      why: 'a varied, natural set of anchor texts for the links you control',
    },
    {
      href: '/url-domain-extractor',
      label: 'URL Domain Extractor',
      why: 'reduce an exported list of linking URLs to the domains behind them',
    },
    {
      href: '/directory-submission-sites',
      label: 'Directory Submission Sites',
      why: 'the business listings worth claiming',
    },
    { href: '/guest-post-sites', label: 'Guest Post Sites', why: 'publications that take contributed articles' },
  ],
  related: ['google-business-profile-local-seo', 'keyword-research-indian-market'],
};
