import type { DirectoryCopy } from './types.ts';

export const adPostCopy: DirectoryCopy = {
  heading: 'Ad Post and Listing Sites for Indian Businesses',
  title: 'Ad Post Sites in India: Classifieds and Listing Portals',
  description:
    'Classifieds, listing portals and marketplaces a Delhi NCR business can post on: OLX, Quikr, property, car, job and trade portals. Filter by region; download as CSV.',
  keywords:
    'ad post sites, free classified sites, classified submission sites India, free ad posting sites, job posting sites India',
  intro:
    'Classified ads still bring local buyers, tenants and job seekers, and a complete listing on a trusted marketplace is also a citation that search engines can see. This list covers classifieds and portals that accept listings from Indian businesses, such as OLX, Quikr, Justdial, the property, car and job portals, trade marketplaces and a few global marketplaces for businesses that sell abroad. Some are free and some charge a fee or commission, which the description says. Post where your customers already look, write each ad for that audience, and never paste the same text everywhere.',
  faq: [
    {
      question: 'Do ad post sites still help SEO?',
      answer:
        'Indirectly. Most classifieds mark links as nofollow and remove listings after a few weeks, so they pass little ranking value. What they do give is enquiries, brand searches and consistent business details, which support local rankings. Treat them as a lead source first.',
    },
    {
      question: 'What do Domain Authority and Spam Score mean here?',
      answer:
        'Both are third-party estimates from Moz: Domain Authority predicts how well a site may rank (1 to 100), and Spam Score is the share of similar sites that were penalised. They change every month and are not Google metrics. We leave the cells blank rather than print figures we cannot source; Moz Link Explorer shows both for any domain.',
    },
    {
      question: 'How do I write an ad that does not get removed?',
      answer:
        'Choose the right city and category, use a clear title with the service and location, describe the real offer and price, add your own photos and a working phone number. Duplicate ads, keyword stuffing and links to unrelated pages are the usual reasons for removal.',
    },
    {
      question: 'Which sites should a Delhi NCR business start with?',
      answer:
        'Start with Google Business Profile and Justdial for discovery, then OLX and Quikr for goods and services, and the specialist portals for your trade, such as 99acres or MagicBricks for property and CarDekho for vehicles. Add international marketplaces only if you ship abroad.',
    },
  ],
};

export const socialBookmarkingCopy: DirectoryCopy = {
  heading: 'Social Bookmarking Sites',
  title: 'Social Bookmarking Sites List for Link Sharing',
  description:
    'Over 100 social bookmarking, link-sharing, curation and community sites an Indian business can use, from Reddit and Quora to ShareChat, with link types.',
  keywords:
    'social bookmarking sites, link sharing sites, content curation sites, social bookmarking list, bookmarking submission',
  intro:
    'Social bookmarking began with sites where people saved and shared links in public. Today the same job is done by link-sharing communities such as Reddit and Hacker News, curation tools such as Pinterest, Flipboard and Scoop.it, and the big social networks. A link shared where the right readers gather can bring visits, mentions and natural backlinks; a link dropped into a community that does not care about it gets removed. Pick a handful of sites that match your topic and take part there.',
  faq: [
    {
      question: 'What is social bookmarking?',
      answer:
        'Saving a web page to a public list or community so that other people can find, vote on or reshare it. Modern equivalents include Reddit, Pinterest boards, Flipboard magazines and curated link collections on tools such as Diigo and Raindrop.io.',
    },
    {
      question: 'Are social bookmarking backlinks dofollow?',
      answer:
        'Almost never. The large communities mark user links as nofollow or ugc. Their value is traffic and discovery: if readers find the page useful, some of them link to it from their own sites, and those links count.',
    },
    {
      question: 'How many bookmarking sites should I use?',
      answer:
        'Fewer than you think. Five to ten sites where your audience is active, used regularly, beat a hundred one-off submissions. Mass submission to low-quality bookmarking sites can look like a link scheme and wastes time.',
    },
    {
      question: 'How do I avoid being banned on Reddit and similar communities?',
      answer:
        "Read each community's rules, comment and help before you post, share your own links only occasionally and say that they are yours, and write a title that describes the page honestly. Communities ban accounts that only promote.",
    },
  ],
};

export const guestPostCopy: DirectoryCopy = {
  heading: 'Guest Post Sites',
  title: 'Guest Post Sites That Accept Contributors',
  description:
    'Real publications with contributor or write-for-us programmes in SEO, marketing, business and technology, with notes on which are paid or membership-based.',
  keywords:
    'guest post sites, write for us SEO, guest blogging sites, sites that accept guest posts, contributor programmes',
  intro:
    'A guest post on a respected publication puts your expertise in front of an established audience and earns an editorial link that is hard to copy. Every site below runs a real contributor programme, but editors choose: pitch an idea their readers need, show relevant experience, and follow their guidelines to the letter. Some programmes pay writers and a few charge membership fees, which the descriptions mention.',
  faq: [
    {
      question: 'Is guest posting still safe for SEO?',
      answer:
        "Yes, when the post is written for the publication's readers and accepted on merit. Google warns against guest posts made mainly for links, especially paid ones with keyword-rich anchors. Write for the audience and let the link follow naturally.",
    },
    {
      question: 'How do I pitch a guest post?',
      answer:
        "Read a few recent articles, find a gap, and send the editor a short pitch: a working title, three or four points the article will make, why you are qualified, and links to work you have published. Follow the site's pitch form if it has one.",
    },
    {
      question: 'Should I pay for a guest post?',
      answer:
        "Paying for a link in an article breaks Google's spam policies unless the link is marked sponsored or nofollow. Membership programmes such as Forbes Councils are a disclosed business arrangement; judge them on reach and reputation, not on link value.",
    },
    {
      question: 'What makes a guest post get accepted?',
      answer:
        'Original data or experience, practical steps readers can follow, a clear structure, and no self-promotion beyond an author bio. Editors also look at whether you will share the article and answer comments after it is published.',
    },
  ],
};
