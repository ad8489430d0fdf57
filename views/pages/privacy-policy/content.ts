import type { Business } from '#views/business.ts';
import type { ProsePage, Section } from '#views/pages/shared/content-types.ts';

/** India's DPDP Act 2023: a named grievance officer, when the profile gives one. */
function grievanceSection(business: Business): Section[] {
  const officer = business.grievanceOfficer;
  if (!officer) return [];
  return [
    {
      id: 'grievance',
      heading: 'Grievance officer',
      paragraphs: [
        `If you have a complaint about how we handle your personal data, write to our grievance officer under the Digital Personal Data Protection Act, 2023: ${officer.name}, ${officer.email}. We acknowledge complaints within 7 days and resolve them within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.`,
      ],
    },
  ];
}

export const privacyPolicy = (business: Business): ProsePage => ({
  meta: {
    title: 'Privacy Policy | What This Site Collects and How Long It Keeps It',
    description:
      'What this site collects through the contact form, article submissions, free tools and server logs, how long we keep it and how to ask for deletion.',
    keywords: ['privacy policy', 'data protection', 'seo tools privacy'],
  },
  heading: 'Privacy policy',
  updated: '23 November 2026',
  intro: [
    `This policy explains what information this website collects, why, how long we keep it and what you can ask us to do with it. ${business.legalName} is responsible for the personal data collected here ("we" in this policy). We collect as little as we can, we do not sell it, and we do not use advertising or tracking cookies.`,
  ],
  sections: [
    {
      id: 'contact',
      heading: 'Messages you send through the contact form',
      paragraphs: [
        'When you use the contact form we store your name, email address and message, the phone number and website address if you give them (both are optional), the date and time it was sent, and which page of this site the form was on and which page of this site you opened it from (never an address on another site). We use them only to reply to you (by phone only if you left a number), to look at the website you ask about, and to keep a record of the conversation. We keep contact messages for up to 24 months, then delete them.',
      ],
    },
    {
      id: 'articles',
      heading: 'Articles submitted through Write for us',
      paragraphs: [
        'When you submit an article we store its title, your author name, your email address, the article text, the submission time, its review status, and which page of this site you came to the form from. We use them to review the article, to tell you our decision and to credit you if we publish it. Articles we do not publish are deleted within 12 months of our decision.',
      ],
    },
    {
      id: 'delivery',
      heading: 'How your message reaches us',
      paragraphs: [
        'So that a person sees your message quickly, this site can send us a copy of each contact message and article submission (everything listed above) as a notification: by email through our email provider, to a web address of our own business systems, or both. These copies are read by the same people and kept no longer than the stored original. The stored messages themselves are read in a password-protected inbox on this site that only our team can sign in to; we delete a message there, with any notification still waiting to be sent, when you ask us to.',
      ],
    },
    {
      id: 'tools',
      heading: 'Information you give our free tools',
      paragraphs: [
        'The tools work on what you enter: web addresses, lists of URLs, keywords, text and images. Our server fetches the public pages you ask it to check and returns the result to your browser.',
      ],
      bullets: [
        'Images uploaded for compression are processed in memory and are not stored after the compressed result is returned.',
        'URLs and text you enter into a tool are used to produce the result and are not kept, except as described for sitemaps and logs below.',
        "Sitemaps you generate and site audits you run are stored on our server (the website address, the pages found and the results) so that you can open them again. Your list of them is tied to a cookie in your browser, so other visitors cannot list them; anyone you give a report's link to can open that report.",
      ],
    },
    {
      id: 'logs',
      heading: 'Server logs',
      paragraphs: [
        "Like every web server, ours records each request: the time, the page or tool requested, the response status, your IP address, your browser's user-agent and a request identifier we use to trace errors. We keep logs for up to 30 days to keep the service secure, to stop abuse such as automated form spam, and to fix problems. To enforce rate limits we may keep a one-way hash of your IP address with form submissions.",
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'This site does not set tracking, analytics or advertising cookies. When you use the sitemap generator or the site audit it sets one first-party cookie, visitor: a random value that ties your list of results to your browser for up to a year. People on our team who sign in to the inbox get a session cookie that ends after 12 hours or when they sign out. If you choose to load the office map on our Delhi services page, the map is provided by Google, and Google may set its own cookies under its privacy policy; the map is not loaded unless you ask for it.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share information with',
      paragraphs: [
        'We do not sell or rent personal information. Our hosting provider stores the server and its data on our behalf, and our email provider carries any notifications described above. We disclose information if the law requires it.',
      ],
    },
    {
      id: 'rights',
      heading: 'Your rights',
      paragraphs: [
        `You can ask us what information we hold about you, ask us to correct it, or ask us to delete it, in line with India's Digital Personal Data Protection Act, 2023. Write to ${business.grievanceOfficer?.email ?? business.email} or use the contact page, from the email address you used before, and we will respond within 30 days.`,
      ],
    },
    ...grievanceSection(business),
    {
      id: 'security',
      heading: 'Security',
      paragraphs: [
        'Form submissions are stored as plain text and never displayed as web pages, and access to stored data is limited to the people who answer messages and review articles.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change what we collect or how we use it, we will update this page and the date at the top of it.',
      ],
    },
  ],
  links: [
    { href: '/terms-and-conditions', label: 'Terms and conditions' },
    { href: '/disclaimer', label: 'Disclaimer' },
    { href: '/contact-me', label: 'Contact us about your data' },
  ],
});
