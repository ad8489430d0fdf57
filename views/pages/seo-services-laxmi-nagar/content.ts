import type { LocalityContent } from '#views/pages/shared/locality-types.ts';

export const laxmiNagar: LocalityContent = {
  slug: '/seo-services-laxmi-nagar',
  locality: 'Laxmi Nagar',
  areaServed: ['Laxmi Nagar', 'Shakarpur', 'Nirman Vihar', 'Preet Vihar', 'Mayur Vihar', 'Pandav Nagar'],
  meta: {
    title: 'SEO Services in Laxmi Nagar | SEO for Institutes & CA Firms',
    description:
      'SEO services in Laxmi Nagar, East Delhi, for coaching institutes, CA and tax practices and shops along Vikas Marg. Local rankings and enquiries.',
    keywords: [
      'seo services laxmi nagar',
      'seo company laxmi nagar',
      'seo for coaching institutes',
      'local seo east delhi',
      'digital marketing laxmi nagar',
    ],
  },
  hero: {
    heading: 'SEO Services in Laxmi Nagar for institutes, practices and shops',
    lead: 'Laxmi Nagar is one of the busiest education markets in Delhi. Commerce, computer and government-exam institutes stand shoulder to shoulder along Vikas Marg, and students compare them on their phones before they walk in. We help you win that comparison.',
    cta: { href: '/seo-audit', label: 'Get a free SEO audit' },
    secondary: { href: '/contact-me', label: 'Book a call' },
  },
  intro: {
    heading: 'Standing out on a crowded street',
    paragraphs: [
      'When twenty institutes offer the same course within a kilometre, Google decides between them on relevance, reviews and trust. Most of those websites list courses and a phone number, nothing more. Pages that show batch timings, fees, faculty and results give Google and students a reason to choose you.',
      'The same goes for the chartered accountants, tax consultants and lawyers who serve traders across East Delhi, and for the electronics and mobile shops that compete on "repair near me". Each needs a different page, and a different kind of proof.',
    ],
  },
  areas: {
    heading: 'Areas we cover in East Delhi',
    text: 'We work with businesses in Laxmi Nagar and the neighbourhoods whose students and customers overlap with it.',
    places: [
      'Vikas Marg and the Laxmi Nagar metro station (Blue Line)',
      'Shakarpur and Lalita Park',
      'Nirman Vihar and the V3S Mall area',
      'Preet Vihar and its metro station',
      'Mayur Vihar Phase 1 and Pandav Nagar',
      'Krishna Nagar and Geeta Colony',
      'Patparganj and the IP Extension societies',
    ],
  },
  businessMix: {
    heading: 'Laxmi Nagar businesses we work with',
    cards: [
      {
        title: 'CA, CS and CMA coaching',
        body: 'Institutes that need rankings for each level and subject, ahead of every registration window.',
      },
      {
        title: 'Government-exam preparation',
        body: 'SSC, banking and state-exam coaching where students search by exam name and batch start date.',
      },
      {
        title: 'Computer and skill centres',
        body: 'Tally, GST, programming and digital-marketing courses competing on fees, certificates and placements.',
      },
      {
        title: 'CA and tax practices',
        body: 'Firms serving traders and small companies who search for GST registration, ITR filing and audits.',
      },
      {
        title: 'PG and student housing',
        body: 'Paying-guest operators who fill rooms each term from students arriving from other states.',
      },
      {
        title: 'Electronics and mobile shops',
        body: 'Repair and retail outlets where "open now" and reviews decide the walk-in.',
      },
    ],
  },
  services: {
    heading: 'What we do for Laxmi Nagar businesses',
    cards: [
      {
        title: 'Course and batch pages',
        body: 'One page per course with syllabus, batch dates, fees, faculty and results: the details students look for.',
      },
      {
        title: 'Exam-calendar content',
        body: 'Guides published ahead of each exam notification, so your institute is visible when searches spike.',
      },
      {
        title: 'Service pages for practices',
        body: 'Clear pages for GST, ITR and company compliance, written with your team and reviewed for accuracy.',
      },
      {
        title: 'Reviews and profile',
        body: 'Student and client reviews collected steadily and answered, plus a complete Google Business Profile.',
      },
    ],
  },
  process: {
    heading: 'How a Laxmi Nagar engagement runs',
    steps: [
      {
        title: 'Course audit',
        summary: 'What you teach, what students search.',
        tooltip: 'We compare your course list with real search demand for each exam and level.',
      },
      {
        title: 'Competitor review',
        summary: 'The institutes next door.',
        tooltip: 'We study the five institutes that outrank you and list what their pages offer that yours do not.',
      },
      {
        title: 'Pages and profile',
        summary: 'Build the pages, fix the listing.',
        tooltip: 'Course pages, a results page and a complete profile, usually live within four weeks.',
      },
      {
        title: 'Season plan',
        summary: 'Content before every rush.',
        tooltip: 'A calendar tied to exam notifications and registration deadlines.',
      },
    ],
  },
  localSearch: {
    heading: 'How students and clients search here',
    paragraphs: [
      'Students search by exam and stage: "CA foundation coaching Laxmi Nagar", "SSC CGL batch starting June", often with "fees" or "near metro". Many come from outside Delhi and search before they arrive, so they rely on your website more than on walking past.',
      'Traders and small-business owners search for a task: "GST return filing", "company registration in East Delhi". They want to know who will do the work and what it costs, so those answers belong on the page.',
    ],
  },
  benefits: {
    heading: 'What you can expect',
    items: [
      'Course pages that rank for exam-specific searches, not just your institute name',
      'More enquiries in the weeks before each batch starts',
      'A steady stream of genuine student reviews',
      'Reporting that counts calls and form enquiries by course',
    ],
  },
  faq: [
    {
      question: 'We are a coaching institute. When should we start SEO before admissions?',
      answer:
        'Three to four months before the batch you most want to fill. New pages need time to be indexed and trusted, and exam searches peak right after notifications.',
    },
    {
      question: 'Should we publish fees on our website?',
      answer:
        'If you can, yes, even as a range. Students compare fees, and pages that answer the question keep them on your site instead of sending them to a competitor.',
    },
    {
      question: 'Can you help our CA practice get clients from outside East Delhi?',
      answer:
        'Yes. Services such as GST registration and ITR filing can be delivered remotely, so we target Delhi-wide and national searches for those pages while your profile covers local clients.',
    },
    {
      question: 'Do you write in Hindi?',
      answer:
        'Yes. Many government-exam aspirants search in Hindi, so we create Hindi pages where the demand is there.',
    },
    {
      question: 'Is our institute too small for SEO?',
      answer:
        'No. Single-branch institutes often gain most, because a complete profile and a few strong course pages already put them ahead of most neighbours.',
    },
  ],
  cta: {
    heading: 'See how your institute or practice ranks today',
    text: 'Run the free audit, or send us your course list and we will show you the searches you are missing.',
  },
};
