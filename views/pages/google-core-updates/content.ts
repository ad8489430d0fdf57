import type { ProsePage } from '#views/pages/shared/content-types.ts';

export const googleCoreUpdates: ProsePage = {
  meta: {
    title: 'Google Core Updates: Dated Log and How to Respond',
    description:
      'A dated log of confirmed Google core updates with their rollout dates, what a core update is, how to tell whether one affected your site, and how to respond.',
    keywords: [
      'google core update',
      'google algorithm update',
      'core update recovery',
      'helpful content',
      'google ranking drop',
    ],
  },
  heading: 'Google core updates',
  intro: [
    'Several times a year Google changes its core ranking systems and announces it on the Google Search Status Dashboard. Rankings move for many sites, in both directions, while the update rolls out, which has taken from under a week to several weeks (see our dated log of core updates). Here is what that means for your site and what to do about it.',
  ],
  sections: [
    {
      heading: 'What a core update is, and is not',
      paragraphs: [
        'A core update is a broad change to how Google assesses relevance and quality across all sites. It is not a penalty and does not target a specific site. If your pages drop, Google has decided other pages now serve those searches better, so the response is to improve the page rather than to look for a single thing that was "punished".',
      ],
    },
    {
      heading: 'What Google asks of content',
      paragraphs: [
        "With the March 2024 core update, Google folded its earlier helpful content system into the core ranking systems, and announced new spam policies against scaled content abuse, expired domain abuse and site reputation abuse at the same time. Google's guidance on core updates points site owners to its questions about helpful, people-first content, such as:",
      ],
      bullets: [
        'Does the content provide original information, research or analysis?',
        'Does it show first-hand experience and real expertise in the topic?',
        'Would a reader leave feeling they have learned enough to reach their goal?',
        'Was it made mainly to help people, or mainly to attract search visits?',
      ],
    },
    {
      heading: 'Did an update affect you?',
      paragraphs: [
        "Open Search Console's Performance report and compare the two weeks after the rollout finished with the two weeks before it started. Compare like-for-like days, because weekends and festivals shift demand. A drop that starts during the rollout window and affects many pages at once points to the update; a drop on a handful of pages more often points to a technical issue or a competitor.",
      ],
    },
    {
      heading: 'A recovery plan',
      paragraphs: ['Work through the pages that lost the most clicks, one at a time:'],
      bullets: [
        'Search the query yourself and read the pages that now rank above you',
        'Ask honestly what they offer that yours does not: depth, proof, freshness or clarity',
        "Add first-hand detail: photos, data, worked examples, the author's credentials",
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
