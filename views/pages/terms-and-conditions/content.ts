import type { ProsePage } from '#views/pages/shared/content-types.ts';
import { legalLinks } from '#views/pages/shared/legal-links.ts';

export const termsAndConditions: ProsePage = {
  meta: {
    title: 'Terms and Conditions | Using This Website and Its Free SEO Tools',
    description:
      'Terms for using this site: fair use of the free SEO tools, articles you submit, our content, paid services and the law that applies.',
    keywords: ['terms and conditions', 'terms of use', 'seo tools terms'],
  },
  heading: 'Terms and conditions',
  intro: [
    'This user agreement applies to everyone who visits this website, uses its free tools or sends us content. By using the site you agree to these terms. If you do not agree, please do not use the site.',
  ],
  sections: [
    {
      heading: 'Using the tools fairly',
      paragraphs: ['The tools are free for personal and commercial use, within these limits:'],
      bullets: [
        'Check only websites you own or have a legitimate reason to check',
        'Do not use the tools to overload, attack or scrape other websites',
        'Do not try to reach private networks or bypass our rate limits',
        'Do not upload files you do not have the right to use',
      ],
    },
    {
      heading: 'Content you send us',
      paragraphs: [
        'When you submit an article, you confirm it is your original work and has not been published elsewhere. You give us a non-exclusive licence to edit and publish it with credit to you. We may decline any submission. Messages and submissions are handled as described in our privacy policy.',
      ],
    },
    {
      heading: 'Our content',
      paragraphs: [
        'Text, images and code on this site belong to us unless stated otherwise. You may quote short extracts with a link back; please ask before republishing whole pages.',
      ],
    },
    {
      heading: 'Paid services',
      paragraphs: [
        'SEO services are provided under a separate written proposal that sets out scope, fees and duration. If that proposal conflicts with these terms, the proposal wins.',
      ],
    },
    {
      heading: 'Availability and changes',
      paragraphs: [
        'We may change, pause or withdraw a tool or page at any time, and may update these terms. The version on this page applies from the date it is published.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: ['These terms are governed by the laws of India, and the courts of Delhi have jurisdiction.'],
    },
  ],
  faq: [
    {
      question: 'Do I need an account to use the tools?',
      answer:
        'No. Every tool works without signing up, so there is no password to keep confidential. Keep private any links or files you choose to share.',
    },
    {
      question: 'Can I use the tools for client work?',
      answer:
        'Yes, for sites you are authorised to check. Please respect the usage limits so the tools stay fast for everyone.',
    },
    {
      question: 'Who owns an article I submit?',
      answer:
        'You keep the copyright. You give us a licence to edit and publish it with credit, and you agree not to publish it elsewhere first.',
    },
    {
      question: 'What happens if the terms change?',
      answer: 'We update this page. Continuing to use the site after a change means you accept the new terms.',
    },
  ],
  links: legalLinks,
};
