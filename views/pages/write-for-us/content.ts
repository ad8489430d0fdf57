import type { FaqEntry, PageMeta, Section } from '#views/pages/shared/content-types.ts';

export const meta: PageMeta = {
  title: 'Write for Us | Submit an SEO or Digital Marketing Guest Article',
  description:
    'Submit an original article on SEO, local search, content or digital marketing. What we publish, our guidelines and the 3-5 business day review.',
  keywords: ['write for us seo', 'seo guest post', 'digital marketing write for us', 'submit guest article'],
};

export const heading = 'Write for us';

export const intro =
  'We publish practical articles by people who do SEO and digital marketing work every day. If you have solved a real problem and can show how, we would like to read it.';

export const guidelines: Section[] = [
  {
    heading: 'What we publish',
    paragraphs: ['Articles that teach something specific, backed by your own experience:'],
    bullets: [
      'Technical SEO fixes with before-and-after evidence',
      'Local SEO for Indian businesses and markets',
      'Content strategy, E-E-A-T and recovering from core updates',
      'Case studies with real figures (you may anonymise the client)',
    ],
  },
  {
    heading: 'Editorial guidelines',
    paragraphs: ['To keep the standard high for readers:'],
    bullets: [
      'Original and unpublished; we check',
      'Usually 1,200 to 2,500 words, in clear English',
      'No promotional links; one relevant link in your author bio is fine',
      'AI tools may help you draft, but the insight and the editing must be yours',
    ],
  },
];

export const formCopy = {
  heading: 'Submit your article',
  titleLabel: 'Title',
  authorLabel: 'Author Name',
  emailLabel: 'Email',
  emailHint: 'We reply here with our decision; it is never published.',
  contentLabel: 'Content',
  submit: 'Submit Article',
  submitting: 'Submitting...',
  success: 'Article submitted successfully! We will review and get back to you.',
  failure: 'Failed to submit article',
};

export const faq: FaqEntry[] = [
  {
    question: 'How long does the review take?',
    answer: 'Review takes 3-5 business days. We read every submission and reply whether or not we publish it.',
  },
  {
    question: 'Do you charge for publishing?',
    answer:
      'No. We never charge for publication and never sell links, which is also why we do not accept promotional articles.',
  },
  {
    question: 'Can I include links in my article?',
    answer:
      'Yes, where they help readers, such as to official documentation or original research. One link to your own site in the author bio is allowed.',
  },
  {
    question: 'Will you edit my article?',
    answer:
      'We may edit for clarity, accuracy and length, and we will send you the edited version before it goes live.',
  },
];
