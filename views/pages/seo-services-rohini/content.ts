import type { LocalityContent } from '#views/pages/shared/locality-types.ts';

export const rohini: LocalityContent = {
  slug: '/seo-services-rohini',
  locality: 'Rohini',
  areaServed: ['Rohini', 'Pitampura', 'Prashant Vihar', 'Shalimar Bagh', 'Rithala', 'Budh Vihar'],
  meta: {
    title: 'SEO Services in Rohini | Local SEO for Rohini Businesses',
    description:
      'SEO services in Rohini for coaching institutes, clinics, schools and shops across the sectors: Google Business Profile, local pages and reviews.',
    keywords: [
      'seo services rohini',
      'seo company rohini',
      'local seo rohini',
      'digital marketing rohini',
      'google business profile rohini',
    ],
  },
  hero: {
    heading: 'SEO Services in Rohini, sector by sector',
    lead: 'Rohini is a city inside Delhi: dozens of sectors, each with its own market, schools and clinics. Families here search by sector ("physiotherapist sector 9 rohini") and choose what is close. We help Rohini businesses show up for exactly those searches.',
    cta: { href: '/seo-audit', label: 'Get a free SEO audit' },
    secondary: { href: '/contact-me', label: 'Book a call' },
  },
  intro: {
    heading: 'Why Rohini needs sector-level SEO',
    paragraphs: [
      'Searches in Rohini are unusually local. A parent in Sector 16 looking for a maths tutor will not cross the Outer Ring Road to Sector 3, and Google knows it: the map pack changes from one sector to the next. A single "Delhi" page will not rank for someone standing near Rohini West metro.',
      'We know the difference between the District Centre crowd in Sector 10 and the neighbourhood markets of Sectors 7 and 8, and that local knowledge goes straight into your pages and your Google Business Profile.',
    ],
  },
  areas: {
    heading: 'Areas we cover around Rohini',
    text: 'We build pages and profiles for businesses across the Rohini sectors and the colonies that share its customers.',
    places: [
      'Rohini Sectors 1 to 9 and Avantika market',
      'District Centre, Sector 10, near Rohini West metro',
      'Sectors 11 to 18, around Rohini East and Rohini Sector 18-19 metro',
      'Sectors 20 to 24 and Rithala',
      'Pitampura and Netaji Subhash Place',
      'Prashant Vihar and Shalimar Bagh',
      'Budh Vihar and Vijay Vihar',
    ],
  },
  businessMix: {
    heading: 'Rohini businesses we work with',
    cards: [
      {
        title: 'Coaching institutes',
        body: 'JEE, NEET, CUET and school tuition centres competing for "coaching near me" in a few sectors around their branch.',
      },
      {
        title: 'Clinics and diagnostic labs',
        body: 'Dentists, physiotherapists, paediatricians and path labs whose patients book by distance and reviews.',
      },
      {
        title: 'Schools and play schools',
        body: 'Admission-season campaigns for nursery and primary admissions, with pages parents can trust.',
      },
      {
        title: 'Retail and restaurants',
        body: 'District Centre and sector markets: menus, opening hours and photos kept consistent everywhere.',
      },
      {
        title: 'Property dealers and builders',
        body: 'Builder-floor listings and sector guides that rank for "3 BHK builder floor Rohini".',
      },
      {
        title: 'Traders and small manufacturers',
        body: 'Suppliers near Mangolpuri and Bawana industrial areas selling to buyers across India.',
      },
    ],
  },
  services: {
    heading: 'What we do for Rohini businesses',
    cards: [
      {
        title: 'Google Business Profile management',
        body: 'Correct categories, sector in the address, weekly posts, product and service lists, and answers to the questions people actually ask.',
      },
      {
        title: 'Sector and service pages',
        body: 'One strong page per branch with directions from the nearest metro, parking notes, timings and photos of the real premises.',
      },
      {
        title: 'Review routine',
        body: 'A simple WhatsApp-and-QR process for your front desk, plus replies written in your voice, so new reviews keep arriving.',
      },
      {
        title: 'Technical clean-up',
        body: 'Speed, mobile layout and indexing fixes; many Rohini sites are on old themes that load slowly on phones.',
      },
    ],
  },
  process: {
    heading: 'How a Rohini engagement runs',
    steps: [
      {
        title: 'Walk-through',
        summary: 'We visit or video-call your branch.',
        tooltip: 'We note landmarks, parking and the sectors your customers come from; this shapes every local page.',
      },
      {
        title: 'Map-pack check',
        summary: 'Rankings measured sector by sector.',
        tooltip: 'We check your position from several points across Rohini, because results differ between sectors.',
      },
      {
        title: 'Profile and pages',
        summary: 'Fix the profile, publish the branch page.',
        tooltip: 'Usually done within the first three weeks, so early wins arrive quickly.',
      },
      {
        title: 'Monthly growth',
        summary: 'Content, reviews, citations.',
        tooltip: 'Guides for your audience, steady reviews and consistent listings on trusted Indian directories.',
      },
    ],
  },
  localSearch: {
    heading: 'How people in Rohini search',
    paragraphs: [
      'Most searches come from phones, often in Hinglish, and often include the sector number or a landmark: "near Japanese Park", "opposite Rohini court", "near Sector 18 metro". We use those phrases on your pages because your customers use them.',
      'Admission and exam seasons drive big swings for education businesses, while clinics see steady year-round demand. We plan content a season ahead so pages are ranking before the rush, not after it.',
    ],
  },
  benefits: {
    heading: 'What you can expect',
    items: [
      'A Google Business Profile that appears for your sector and the sectors next to it',
      'A branch page that answers "how do I get there" and "is it open now" without a phone call',
      'More reviews each month, with replies that reassure new customers',
      'A monthly call that ties rankings to enquiries and walk-ins',
    ],
  },
  faq: [
    {
      question: 'Do you only work with businesses in Rohini?',
      answer:
        'No, we work across Delhi NCR. Rohini, Pitampura and Shalimar Bagh businesses can meet us by appointment or on a video call, whichever suits them.',
    },
    {
      question: 'My clinic is in one sector but patients come from several. Can we rank in all of them?',
      answer:
        'Usually for nearby sectors, yes. Your profile ranks best close to your address; a strong page, reviews that mention the areas patients come from, and local links extend that reach.',
    },
    {
      question: 'How soon can a Rohini coaching institute see results before admissions?',
      answer:
        'Profile fixes often show within a month. For admission-season searches we recommend starting three to four months ahead so new pages are indexed and trusted by then.',
    },
    {
      question: 'Do you create Hindi content?',
      answer:
        'Yes, where your audience searches in Hindi or Hinglish. Many parents search in English for courses and in Hindi for fees and timings, so we cover both.',
    },
    {
      question: 'What does local SEO cost for a single Rohini branch?',
      answer:
        'Our Local Starter plan covers a single-location business; prices are listed on the SEO packages page. The first audit is free.',
    },
  ],
  cta: {
    heading: 'See where your Rohini business stands',
    text: 'Run the free audit on your website, or send us your Google Business Profile link and we will tell you what to fix first.',
  },
};
