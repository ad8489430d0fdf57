import type { Guide } from '../guide-types.ts';

export const keywordResearch: Guide = {
  slug: 'keyword-research-indian-market',
  title: 'Keyword Research for Indian Markets: Hindi, Hinglish and Local',
  description:
    'Keyword research for Indian businesses: customer language, Hindi and Hinglish queries, locality searches, free data sources and mapping each intent to one page.',
  keywords: ['keyword research india', 'hindi keywords', 'hinglish seo', 'local keywords delhi', 'search intent'],
  heading: 'Keyword research for Indian markets, including Hindi and Hinglish searches',
  summary:
    'Indian customers search in English, in Hindi written in Devanagari, and very often in Hinglish: Hindi typed in Roman letters. Good keyword research starts from the words your customers actually use and ends with a clear plan of which page answers which search.',
  published: '2026-11-23',
  reviewed: '2026-11-23',
  sections: [
    {
      id: 'customers',
      heading: 'Start with customers, not tools',
      paragraphs: [
        'Before opening any tool, write down the questions customers ask on the phone, at the counter and on WhatsApp. A physiotherapist in Janakpuri hears "back pain treatment near me", "physio home visit charges" and "kamar dard ka ilaj". Those phrases, in the customers\' own words and spelling, are better starting points than any list a tool suggests.',
        'Ask your sales or front-desk staff too. They know which words people use before they buy, which services are confused with each other, and which questions come up again and again.',
      ],
    },
    {
      id: 'languages',
      heading: 'English, Hindi and Hinglish are different searches',
      paragraphs: [
        'The same need can be searched in three ways: "best school in Rohini", "रोहिणी में अच्छा स्कूल" and "rohini me accha school". Search engines treat them as related but not identical, and the pages that rank for each can differ. Hinglish has no fixed spelling, so the same word appears as "kaise", "kese" and "kaise kare"; voice search on phones adds more natural, longer questions.',
        'Decide which of these your customers use and write for it honestly. A page written in English can answer Hinglish searches if it uses the everyday words customers use. If many customers search in Devanagari, a real Hindi page, written by someone fluent and marked with lang="hi", serves them better than a machine translation. If you publish both languages, link them with hreflang (en-IN and hi-IN) so the right version is shown.',
      ],
    },
    {
      id: 'local',
      heading: 'Local and "near me" searches',
      paragraphs: [
        'Delhi NCR customers often name a locality, a metro station or a sector: "gym in Sector 62 Noida", "CA near Pitampura metro", "laptop repair Nehru Place". For these searches, Google mixes the map results from Google Business Profiles with ordinary results. A page for each area you genuinely serve, with real details about that area (how to reach you, which sectors you cover, local examples), helps the ordinary results; a set of copied pages with only the place name changed does not, and can count as doorway pages.',
      ],
    },
    {
      id: 'sources',
      heading: 'Free sources of real search data',
      paragraphs: ['You can do useful keyword research without paid tools:'],
      list: {
        items: [
          'Google Search Console: the Performance report lists the searches that already show your pages, with impressions, clicks and average position. Queries at positions 8 to 20 are often the quickest wins.',
          'Google autocomplete and "People also ask": type the start of a customer question and note the completions, in English and in Hinglish.',
          'Google Trends: compare terms, set the region to India or Delhi, and see seasonal peaks such as wedding season, admissions, tax filing or festival sales.',
          'Google Keyword Planner (inside a Google Ads account): rough monthly volume ranges for India or a city, useful for comparing terms rather than as exact numbers.',
          'YouTube search suggestions, for how-to topics people prefer to watch, and the tags of videos that rank for them.',
          'Your own site search and chat logs, which show what visitors could not find.',
        ],
      },
    },
    {
      id: 'intent',
      heading: 'Group by intent and give each intent one page',
      paragraphs: [
        'Every search has a job. "What is GST composition scheme" wants an explanation; "GST registration consultant in Delhi fees" wants a service page with a price and a phone number; "Tally vs Zoho Books" wants a comparison. Group keywords that share a job and give each group one page. Two pages chasing the same intent compete with each other, and neither does it well.',
        'Write the group down in a simple sheet: the main phrase, its variants (including Hindi and Hinglish spellings), the intent, the page that answers it, and whether that page exists. That sheet becomes your content plan.',
      ],
    },
    {
      id: 'priorities',
      heading: 'Choosing what to work on first',
      paragraphs: [
        'Volume is only one input. A term searched a few dozen times a month by people ready to buy ("sofa repair in Dwarka") can be worth more than a popular general term. Prefer terms where you can write the best answer from real experience, where the searcher can become a customer, and where the pages ranking today are beatable. Search the term yourself, in an incognito window, and read what ranks before you commit.',
      ],
      list: {
        ordered: true,
        items: [
          'Fix pages that already rank on page two for valuable terms.',
          'Create the missing service and location pages customers search for.',
          'Answer the recurring customer questions with guides that link to those service pages.',
          'Review the sheet each quarter with fresh Search Console data.',
        ],
      },
    },
  ],
  tools: [
    {
      href: '/youtube-video-tags-extractor',
      label: 'YouTube Video Tags Extractor',
      why: 'see the tags of videos that rank for a topic, a cheap source of phrasing ideas',
    },
    {
      href: '/youtube-tag-generator',
      label: 'YouTube Tag Generator',
      why: 'tag your own videos with the phrases you chose',
    },
    {
      href: '/comma-separator-tool',
      label: 'Comma Separator Tool',
      why: 'turn a column of keywords into a comma-separated list for tools and sheets',
    },
    {
      href: '/seo-audit',
      label: 'Free SEO Audit',
      why: 'check that the page you map a keyword to has a matching title, description and H1',
    },
  ],
  related: ['google-business-profile-local-seo', 'link-building-without-spam'],
};
