import type { LocalityContent } from '#views/pages/shared/locality-types.ts';

export const noida: LocalityContent = {
  slug: '/seo-services-noida',
  locality: 'Noida',
  areaServed: ['Noida', 'Greater Noida', 'Noida Extension', 'Gautam Buddh Nagar'],
  meta: {
    title: 'SEO Services in Noida | B2B, SaaS & Local SEO Agency',
    description:
      'SEO services in Noida for SaaS and IT firms in Sector 62 and on the Expressway, exporters in Phase 2 and Sector 18 retailers. Technical SEO and leads.',
    keywords: [
      'seo services noida',
      'seo company noida',
      'b2b seo noida',
      'saas seo agency',
      'local seo noida sector 18',
    ],
  },
  hero: {
    heading: 'SEO Services in Noida for companies that sell beyond Noida',
    lead: 'Many Noida businesses sell to clients in Bengaluru, Dubai or Texas from an office in Sector 62 or on the Expressway. Others serve the families of Sector 50 and Noida Extension. We do SEO for both, and we keep the two strategies apart.',
    cta: { href: '/seo-audit', label: 'Get a free SEO audit' },
    secondary: { href: '/contact-me', label: 'Book a call' },
  },
  intro: {
    heading: 'Two kinds of search in one city',
    paragraphs: [
      'Noida mixes the IT corridor of Sectors 62, 63 and 125 to 135 with dense residential sectors and large markets such as Sector 18. A SaaS firm needs rankings for problem-led searches in the US and India; a clinic in Sector 50 needs the map pack within three kilometres. Treating them the same wastes money.',
      'For B2B and SaaS clients we lead with technical SEO, comparison pages and content that sales teams can share. For local businesses we lead with Google Business Profile, sector pages and reviews. Both are measured in qualified leads.',
    ],
  },
  areas: {
    heading: 'Where our Noida clients are',
    text: 'We work with companies and shops across Gautam Buddh Nagar district.',
    places: [
      'Sector 62 and 63 IT and institutional hub, on the Blue Line',
      'Noida–Greater Noida Expressway, Sectors 125 to 144',
      'Sector 18 market and the DLF Mall of India area',
      'Phase 2 and the Noida Special Economic Zone',
      'Film City, Sector 16A media offices',
      'Noida Extension (Greater Noida West)',
      'Greater Noida along the Aqua Line',
    ],
  },
  businessMix: {
    heading: 'Noida businesses we work with',
    cards: [
      {
        title: 'SaaS and IT services',
        body: 'Companies that need demo requests from international buyers, not local footfall.',
      },
      {
        title: 'Exporters and manufacturers',
        body: 'Garment, electronics and engineering firms whose buyers search on Google before they reach a trade portal.',
      },
      {
        title: 'Education and training',
        body: 'Universities, test-prep and skill institutes competing across NCR for the same students.',
      },
      {
        title: 'Real estate',
        body: 'Developers and channel partners in a market where every project has dozens of competing listings.',
      },
      {
        title: 'Healthcare',
        body: 'Hospitals, specialist clinics and diagnostic chains with several locations to manage.',
      },
      {
        title: 'Retail and food',
        body: 'Sector 18 and high-street brands that need accurate listings and menus everywhere.',
      },
    ],
  },
  services: {
    heading: 'What we do for Noida businesses',
    cards: [
      {
        title: 'Technical SEO for product sites',
        body: 'JavaScript rendering, documentation indexing, international hreflang and site migrations without traffic loss.',
      },
      {
        title: 'B2B content that sells',
        body: 'Use-case pages, comparison pages and guides written with your product and sales teams.',
      },
      {
        title: 'Export and catalogue SEO',
        body: 'Product catalogues structured so buyers find specifications, certifications and MOQ details in search.',
      },
      {
        title: 'Local SEO for each sector',
        body: 'Profiles and pages for clinics, schools and stores, tuned to the sectors and societies nearby.',
      },
    ],
  },
  process: {
    heading: 'How a Noida engagement runs',
    steps: [
      {
        title: 'Discovery',
        summary: 'Market, buyer and sales cycle.',
        tooltip: 'We talk to sales as well as marketing, so the keywords we chase are the ones that close.',
      },
      {
        title: 'Technical audit',
        summary: 'Crawl, render and index checks.',
        tooltip: 'Product sites often hide content behind scripts; we test what Google actually renders.',
      },
      {
        title: 'Content plan',
        summary: 'Pages tied to pipeline stages.',
        tooltip: 'Problem, solution and comparison content mapped to your CRM stages.',
      },
      {
        title: 'Report on pipeline',
        summary: 'Leads, not just traffic.',
        tooltip: 'We connect organic sessions to demo requests and enquiries in your analytics or CRM.',
      },
    ],
  },
  localSearch: {
    heading: 'How Noida buyers search',
    paragraphs: [
      'B2B buyers search for problems before they search for vendors: "how to automate GST reconciliation" comes months before "GST software company". We build content for that research phase so your company is known when the shortlist is made.',
      'Residential searches are sector-led and society-led: "pediatrician near Sector 137", "salon in Gaur City". Noida Extension has grown so fast that many businesses there still have incomplete listings, which is an opening for those who fix theirs first.',
    ],
  },
  benefits: {
    heading: 'What you can expect',
    items: [
      'A site Google can crawl and render completely, including product and documentation pages',
      'Content your sales team actually sends to prospects',
      'Leads reported by source, so SEO competes fairly with paid campaigns',
      'For local businesses: a map-pack presence in your sector and the ones around it',
    ],
  },
  faq: [
    {
      question: 'Do you work with SaaS companies that sell outside India?',
      answer:
        'Yes. Several Noida clients sell mainly to the US, UK and Middle East. We handle international targeting and write for those buyers, while you keep the Noida team and pricing.',
    },
    {
      question: 'Can you migrate our website without losing rankings?',
      answer:
        'Yes. We map every old URL to a new one, test redirects before launch, and watch Search Console daily for the first weeks after go-live.',
    },
    {
      question: 'We have a clinic in Noida Extension. Is local SEO worth it there?',
      answer:
        'Very much. Many businesses there still have incomplete profiles, so a well-kept profile, a proper page and steady reviews can move you up quickly.',
    },
    {
      question: 'Do you need access to our CRM?',
      answer:
        'Read-only access to the lead source field is enough. It lets us report demo requests and enquiries from organic search instead of guessing.',
    },
    {
      question: 'Do you meet clients in Noida?',
      answer:
        'Yes, by appointment. Most meetings happen on video calls; we visit Noida offices for kick-offs and quarterly reviews.',
    },
  ],
  cta: {
    heading: 'Find out what is stopping your Noida site from ranking',
    text: 'Start with the free audit, or tell us about your market and we will come back with a plan.',
  },
};
