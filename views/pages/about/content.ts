import { addressText, type Business } from '#views/business.ts';
import type { ProsePage, Section } from '#views/pages/shared/content-types.ts';

/** The team as the profile lists it; no section when it lists nobody. */
function teamSection(business: Business): Section[] {
  if (!business.team?.length) return [];
  return [
    {
      id: 'team',
      heading: 'Who you will work with',
      paragraphs: business.team.map((member) => `${member.name}, ${member.role}.${member.bio ? ` ${member.bio}` : ''}`),
    },
  ];
}

export const about = (business: Business): ProsePage => ({
  meta: {
    title: `About ${business.name} | Delhi NCR SEO and Free SEO Tools`,
    description: `${business.name}: technical and local SEO for owner-run businesses in Delhi NCR from ${business.address.locality}, ${business.address.city}, and the free SEO tools on this site.`,
    keywords: ['about delhi seo agency', 'seo consultants delhi ncr', 'seo team pitampura'],
  },
  heading: 'About us',
  intro: [
    `${business.name} is an SEO team based in ${business.address.locality}, ${business.address.city}.${business.foundedYear ? ` Since ${business.foundedYear} we have helped` : ' We help'} clinics, coaching institutes, professional firms, manufacturers and online stores across Delhi NCR get found by the people who need them.`,
    'We also build and maintain the free SEO tools on this site. We use them on client work every day, which is the best way we know to keep them accurate.',
  ],
  sections: [
    {
      heading: 'How we work',
      paragraphs: [
        'Every account has one senior consultant who does the work and takes the calls. We keep the number of clients per consultant low so nobody is handed to a junior after the contract is signed.',
        'We explain what we change and why, in plain language. Reports show enquiries, calls and sales alongside rankings, because rankings alone do not pay salaries.',
      ],
    },
    {
      heading: 'What we believe about SEO',
      paragraphs: ['Good SEO is mostly a good website, explained well to search engines. That means:'],
      bullets: [
        'Pages written from real expertise, reviewed by the people who have it',
        'Fast, accessible pages that work on a budget phone over mobile data',
        'Honest local signals: accurate business details and genuine customer reviews, never bought ones',
        'No link schemes, no fake reviews, no guaranteed rankings',
      ],
    },
    {
      heading: 'The free tools',
      paragraphs: [
        'The audit, index checker, sitemap generator and the other tools do real work on the pages you give them. They need no sign-up. If a tool ever gives you a wrong answer, tell us through the contact page and we will fix it.',
      ],
    },
    ...teamSection(business),
    {
      heading: 'Where we are',
      paragraphs: [
        `Our office is at ${addressText(business.address)}. We meet clients by appointment${business.hours ? `, ${business.hours},` : ''} and on video calls the rest of the time.`,
      ],
    },
  ],
  faq: [
    {
      question: 'Are you a large agency?',
      answer:
        'No. We are deliberately small so that senior people do the work. If your project needs a larger team, we will say so and, where we can, suggest who might fit.',
    },
    {
      question: 'Which industries do you know best?',
      answer:
        'Healthcare, education, professional services, B2B software and e-commerce. Most of our clients are owner-run businesses in Delhi NCR.',
    },
    {
      question: 'Do you outsource work?',
      answer:
        'No. Strategy, technical work and writing are done by our own team. Where we use specialist help, such as a medical reviewer, we tell you who and why.',
    },
  ],
  links: [
    { href: '/seo-services-delhi', label: 'Our SEO services in Delhi' },
    { href: '/case-studies', label: 'Case studies' },
    { href: '/seo-packages', label: 'SEO packages and pricing' },
    { href: '/contact-me', label: 'Contact us' },
  ],
});
