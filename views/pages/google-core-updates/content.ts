import type { ProsePage } from '#views/pages/shared/content-types.ts';

export const googleCoreUpdates: ProsePage = {
  meta: {
    title: 'Google Core Updates Explained | What Changes and How to Respond',
    description:
    'What Google core updates are, what recent ones rewarded, how to tell whether an update hit your site, and a calm plan for recovering traffic.',
    keywords: ['google core update', 'google algorithm update', 'core update recovery', 'helpful content', 'google ranking drop'],
  },
  heading: 'Google core updates',
  intro: [
    'Several times a year Google changes its core ranking systems and announces it on the Google Search Status Dashboard. Rankings move for many sites, in both directions, over roughly two to four weeks while the update rolls out. Here is what that means for your site and what to do about it.',
  ],
  sections: [
    {
      heading: 'What a core update is, and is not',
      paragraphs: [
        'A core update is a broad change to how Google assesses relevance and quality across all sites. It is not a penalty and does not target a specific site. If your pages drop, Google has decided other pages now serve those searches better, so the response is to improve the page rather than to look for a single thing that was "punished".',
      ],
    },
    {
      heading: 'What recent updates have emphasised',
      paragraphs: [
        'The March 2024 core update folded the earlier helpful content system into the core ranking systems. It arrived alongside new spam policies against scaled content abuse, expired domain abuse and site reputation abuse. Later updates in 2024 and 2025 continued in the same direction.',
      ],
      bullets: [
        'Content written for people, showing first-hand experience and expertise',
        'Fewer rewards for pages produced at scale mainly to attract search visits',
        'Stronger weight on whether a site is a credible source for its topic',
        'Less tolerance for third-party content hosted only to borrow a site\'s reputation',
      ],
    },
    {
      heading: 'Did an update affect you?',
      paragraphs: [
        'Open Search Console\'s Performance report and compare the two weeks after the rollout finished with the two weeks before it started. Compare like-for-like days, because weekends and festivals shift demand. A drop that starts during the rollout window and affects many pages at once points to the update; a drop on a handful of pages more often points to a technical issue or a competitor.',
      ],
    },
    {
      heading: 'A recovery plan',
      paragraphs: ['Work through the pages that lost the most clicks, one at a time:'],
      bullets: [
        'Search the query yourself and read the pages that now rank above you',
        'Ask honestly what they offer that yours does not: depth, proof, freshness or clarity',
        'Add first-hand detail: photos, data, worked examples, the author\'s credentials',
        'Merge or remove thin pages that compete with each other',
        'Fix technical issues that make the page hard to use on a phone',
        'Be patient: improvements are often recognised over months, sometimes only at the next core update',
      ],
    },
    {
      heading: 'What not to do',
      paragraphs: [
        'Do not rewrite the whole site in a panic during a rollout, buy links, or change dates on pages without changing their content. Wait for the rollout to finish, measure, then act on evidence.',
      ],
    },
  ],
  links: [
    { href: '/seo-guides', label: 'SEO guides' },
    { href: '/seo-audit', label: 'Audit a page for free' },
    { href: '/seo-services-delhi', label: 'Get help from our SEO team' },
  ],
};
