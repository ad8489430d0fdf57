import type { Guide } from '../guide-types.ts';

export const googleBusinessProfile: Guide = {
  slug: 'google-business-profile-local-seo',
  title: 'Google Business Profile Guide for Delhi NCR Businesses',
  description:
    'Set up, verify and run a Google Business Profile that wins local searches in Delhi NCR: categories, service areas, photos, reviews and mistakes to avoid.',
  keywords: [
    'google business profile delhi',
    'local seo delhi',
    'google maps listing',
    'gbp optimisation',
    'google reviews india',
  ],
  heading: 'Local SEO with a Google Business Profile: a guide for Delhi NCR businesses',
  summary:
    'For a clinic in Rohini, a coaching centre in Laxmi Nagar or a showroom in Noida, the Google Business Profile is often the first thing a customer sees. This guide covers setting it up correctly, keeping it accurate and earning the reviews that make people choose you.',
  published: '2026-11-23',
  reviewed: '2026-11-23',
  sections: [
    {
      id: 'why',
      heading: 'Why the profile matters more than your home page',
      paragraphs: [
        'When someone searches for "dentist near me" or "CA in Pitampura", Google usually shows a map with a handful of businesses before any ordinary result. Those entries come from Google Business Profiles, not from websites. Many people call, ask for directions or open WhatsApp straight from that panel without ever visiting a website.',
        'Google says local results are ranked mainly on relevance (how well the profile matches the search), distance (how far the business is from the searcher or the place named in the search) and prominence (how well known the business is, including reviews and links). You cannot move your shop closer to every customer, but relevance and prominence are largely in your hands.',
      ],
    },
    {
      id: 'set-up',
      heading: 'Setting up the profile correctly',
      paragraphs: [
        "Create or claim the profile at google.com/business with an account your business controls, not a freelancer's personal account. Add at least one other owner or manager so that access does not depend on one person.",
        'Use your real business name exactly as it appears on your signboard, letterhead and GST registration. Adding words such as "Best SEO Company Delhi" to the name breaks Google\'s guidelines and is a common reason for suspensions; it also looks odd to customers.',
      ],
      list: {
        items: [
          'Primary category: the most specific one that describes the business as a whole ("Orthodontist" rather than "Doctor"). Add a few secondary categories only for services you really offer.',
          'Address: the exact address customers visit, with the landmark-style details Delhi addresses need (pocket, sector, block, nearest metro station) written the same way everywhere.',
          'Service area: if you visit customers and do not serve them at your premises, hide the address and list the areas you cover, such as North West Delhi, Gurugram or Noida.',
          'Hours: regular hours plus special hours for Diwali, Holi and other days you close, so nobody travels to a locked shutter.',
          'Phone and website: a number that is answered during business hours, and a link to the most relevant page of your site.',
        ],
      },
    },
    {
      id: 'verify',
      heading: 'Verification without surprises',
      paragraphs: [
        'Google decides which verification method to offer: a phone call or SMS, an email, a short video showing your signage, premises and proof of management, or occasionally a postcard. Video verification is common for new profiles in India. Film in one continuous take: the street and nearby landmarks, the signboard with your business name, then the inside of the premises and something only the owner can show, such as unlocking the shop or opening a billing system.',
        'If verification fails, do not create a second profile for the same location. Fix what was missing (usually permanent signage that matches the profile name) and request verification again from the same profile.',
      ],
    },
    {
      id: 'content',
      heading: 'Photos, services, products and posts',
      paragraphs: [
        'Real photos do more than stock images: the front of the building as it looks from the road, the reception, the team at work and the products you sell. They help customers recognise the place when they arrive. Compress large photos before uploading so that they upload quickly on a mobile connection, but keep them sharp.',
        'Fill in the services and products sections with short, plain descriptions and prices where you can state them. Posts (updates, offers and events) appear on the profile and are a good place for seasonal offers, new services or a festival timetable. Post when you have something to say; there is no reward for daily filler.',
      ],
    },
    {
      id: 'reviews',
      heading: 'Reviews: ask every happy customer, answer every review',
      paragraphs: [
        'Reviews influence both ranking and the decision to call you. The most reliable way to get them is to ask every satisfied customer at the moment they are happiest, with a direct link. Many Delhi businesses share the review link on WhatsApp after a completed job, or print a QR code at the billing counter.',
        "Google's policies forbid offering discounts or gifts for reviews, asking only happy customers while steering unhappy ones elsewhere, and posting reviews for yourself or competitors. Reviews gathered that way can be removed and the profile restricted. Reply to every review, good or bad, in a calm and specific way; a thoughtful reply to a complaint often reassures future customers more than a row of five-star ratings.",
      ],
    },
    {
      id: 'consistency',
      heading: 'Keep your details identical across the web',
      paragraphs: [
        'Search engines cross-check your name, address and phone number (NAP) with directories such as Justdial, Sulekha, IndiaMART, Bing Places and Apple Business Connect. Different spellings of the same address, old phone numbers or a previous office still listed somewhere make it harder for Google to be confident about your details. Keep one master copy of your details and paste it exactly everywhere.',
        'Your website should carry the same details on the contact page and in the footer, ideally with LocalBusiness structured data, and a page for each service you want to be found for.',
      ],
    },
    {
      id: 'measure',
      heading: 'What to measure each month',
      paragraphs: [
        "The profile's performance view shows how many people found you through Search and Maps, which searches they used, and how many called, asked for directions or visited your website. Compare month with month, and with the same month last year to allow for festival seasons. Tag the website link with UTM parameters so that visits from the profile show separately in your analytics.",
      ],
      list: {
        ordered: true,
        items: [
          'Check that name, hours, phone and categories are still correct (anyone can suggest edits to a profile).',
          'Reply to new reviews and questions.',
          'Add new photos of recent work.',
          'Note calls, direction requests and website visits, and compare them with last month.',
        ],
      },
    },
  ],
  tools: [
    {
      href: '/whatsapp-chat-link',
      label: 'WhatsApp Chat Link Generator',
      why: 'build a chat link with a ready message for your profile, website or review requests',
    },
    {
      href: '/image-compressor',
      label: 'Image Compressor',
      why: 'shrink photos before uploading them to the profile or your site',
    },
    {
      href: '/seo-audit',
      label: 'Free SEO Audit',
      why: 'check the page your profile links to for title, description and headings',
    },
    {
      href: '/directory-submission-sites',
      label: 'Directory Submission Sites',
      why: 'the directories where your name, address and phone should match your profile',
    },
  ],
  related: ['keyword-research-indian-market', 'technical-seo-checklist'],
  faq: [
    {
      question: 'Can I rank in an area where I have no office?',
      answer:
        "A service-area business can list the areas it serves, but distance to the searcher still matters, so a profile rarely ranks far from its verified location. A location page on your website for each area you really serve helps ordinary search results; a fake address to appear in the map breaks Google's guidelines.",
    },
    {
      question: 'Should I pay someone to post reviews?',
      answer:
        "No. Paid or fake reviews break Google's policies, can be removed in bulk and can get your profile restricted. Ask real customers, make it easy with a direct link, and answer every review.",
    },
  ],
};
