import type { LocalityContent } from '#views/pages/shared/locality-types.ts';

export const janakpuri: LocalityContent = {
  slug: '/seo-company-janakpuri',
  locality: 'Janakpuri',
  areaServed: ['Janakpuri', 'Vikaspuri', 'Uttam Nagar', 'Tilak Nagar', 'Hari Nagar', 'Dwarka'],
  meta: {
    title: 'SEO Company in Janakpuri | Local SEO for West Delhi',
    description:
      'SEO company in Janakpuri, West Delhi, for clinics, study-abroad consultants, restaurants and District Centre offices. Local pages, profile, reviews.',
    keywords: [
      'seo company janakpuri',
      'seo services janakpuri',
      'local seo west delhi',
      'seo for clinics janakpuri',
      'digital marketing janakpuri',
    ],
  },
  hero: {
    heading: 'SEO Company in Janakpuri for West Delhi businesses',
    lead: 'Janakpuri serves a wide catchment: patients from Vikaspuri and Uttam Nagar, students from across West Delhi heading abroad, and offices in the District Centre. We help Janakpuri businesses get found by the people already travelling to them.',
    cta: { href: '/seo-audit', label: 'Get a free SEO audit' },
    secondary: { href: '/contact-me', label: 'Book a call' },
  },
  intro: {
    heading: 'A healthcare, education and services hub',
    paragraphs: [
      'Janakpuri has some of the busiest hospitals, diagnostic centres and specialist clinics in West Delhi, plus a dense market of IELTS, PTE and study-abroad consultants. Both are trust purchases: people read reviews, check doctors and counsellors by name, and compare several options before they call.',
      'That is why Janakpuri SEO is less about one keyword and more about proof. Doctor and counsellor profiles, real outcomes, clear fees and a well-kept Google Business Profile turn searches into appointments.',
    ],
  },
  areas: {
    heading: 'Areas we cover around Janakpuri',
    text: 'We work with businesses across West Delhi whose customers pass through Janakpuri.',
    places: [
      'Janakpuri District Centre and Janakpuri West metro (Blue and Magenta Lines)',
      'Janakpuri East and the C-block and A-block markets',
      'Pankha Road and Uttam Nagar',
      'Vikaspuri and Hastsal',
      'Tilak Nagar and Hari Nagar',
      'Dabri and Sagarpur',
      'Dwarka sectors along the Blue Line',
    ],
  },
  businessMix: {
    heading: 'Janakpuri businesses we work with',
    cards: [
      {
        title: 'Clinics and hospitals',
        body: 'Dental, eye, IVF, orthopaedic and physiotherapy practices where each doctor needs a credible profile.',
      },
      {
        title: 'Diagnostic centres',
        body: 'Labs that compete on home collection, report times and test prices across West Delhi.',
      },
      {
        title: 'Study-abroad and IELTS centres',
        body: 'Consultants whose students search by country, course and exam band, months before applying.',
      },
      {
        title: 'District Centre offices',
        body: 'Architects, lawyers and consultants who need enquiries from all of Delhi, not just the neighbourhood.',
      },
      {
        title: 'Restaurants and cafés',
        body: 'Menus, photos and reviews that keep you in the "near me" results around the District Centre.',
      },
      {
        title: 'Boutiques and salons',
        body: 'Bridal, ethnic wear and beauty businesses that sell on photos, reviews and appointment booking.',
      },
    ],
  },
  services: {
    heading: 'Our services in Janakpuri',
    cards: [
      {
        title: 'Doctor and counsellor profiles',
        body: 'Pages with qualifications, experience and specialities, marked up so Google can connect them to your practice.',
      },
      {
        title: 'Treatment and course pages',
        body: 'One page per treatment or destination country, answering costs, duration and what to expect.',
      },
      {
        title: 'Google Business Profile',
        body: 'Categories, services, booking links, photos and review replies handled every week.',
      },
      {
        title: 'Speed and mobile fixes',
        body: 'Most appointment searches are on phones; we make your site fast and easy to use on them.',
      },
    ],
  },
  process: {
    heading: 'Our process',
    steps: [
      {
        title: 'Listen',
        summary: 'Your services and your patients or students.',
        tooltip: 'We learn which services are most profitable and who books them, before choosing keywords.',
      },
      {
        title: 'Audit',
        summary: 'Website, profile and reviews.',
        tooltip: 'A technical crawl plus a look at how your reviews and profile compare with three local competitors.',
      },
      {
        title: 'Build trust',
        summary: 'Profiles, pages and proof.',
        tooltip: 'Doctor or counsellor pages, outcome pages and structured data, written with your team.',
      },
      {
        title: 'Grow',
        summary: 'Monthly content and reviews.',
        tooltip: 'New pages for services and questions people ask, plus a steady review routine.',
      },
    ],
  },
  localSearch: {
    heading: 'How West Delhi searches',
    paragraphs: [
      'Healthcare searches combine a specialist and a place: "root canal specialist Janakpuri", "IVF centre West Delhi", "physiotherapy home visit Vikaspuri". People check the doctor\'s name next, so your profile and your doctor pages must agree with each other.',
      'Study-abroad searches start early and broad: "study in Canada after 12th", "IELTS coaching Janakpuri weekend batch". Content that answers those questions honestly earns the trust that brings a family in for counselling.',
    ],
  },
  benefits: {
    heading: 'Benefits for your business',
    items: [
      'More appointment calls and enquiries from across West Delhi',
      'Doctor and counsellor pages that build trust before the first visit',
      'A Google Business Profile that stays accurate, active and well reviewed',
      'Monthly reporting of calls, bookings and form enquiries',
    ],
  },
  faq: [
    {
      question: 'Is SEO allowed for doctors and clinics in India?',
      answer:
        "Yes, as long as the content is factual. We avoid claims of guaranteed results, follow the medical council's guidance on advertising, and have a doctor review every medical page.",
    },
    {
      question: 'We are a study-abroad consultancy. Which keywords matter most?',
      answer:
        'Country and course searches ("MS in Germany requirements") bring students early; "consultant in Janakpuri" brings them at decision time. We build for both.',
    },
    {
      question: 'How long before we see more calls?',
      answer:
        'Profile and review improvements often show within four to eight weeks. New treatment or course pages usually take three to five months to reach their full ranking.',
    },
    {
      question: 'Can you manage our reviews?',
      answer:
        "We set up a simple routine for your front desk to ask for reviews and we draft replies for you to approve. We never post fake reviews; they break Google's rules and put your profile at risk.",
    },
    {
      question: 'Do you meet in Janakpuri?',
      answer: 'Yes, for kick-off meetings and quarterly reviews. Day to day we work on video calls and email.',
    },
  ],
  cta: {
    heading: 'Grow your Janakpuri practice or business',
    text: 'Run the free audit, compare our packages, or send us a message about your website.',
  },
};
