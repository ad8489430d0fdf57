import type { DirectoryList } from '../schema.ts';

// Business directories and listing platforms worth being in: consistent name, address and
// phone across them is a local SEO signal, and several send real enquiries.
export const directorySubmissionSites: DirectoryList = {
  asOf: '2024-06',
  sites: [
    { id: 1, name: 'Google Business Profile', url: 'https://www.google.com/business/', description: 'Free listing that powers your business on Google Search and Maps.' },
    { id: 2, name: 'Bing Places', url: 'https://www.bingplaces.com/', description: 'Microsoft\'s free business listing for Bing search and maps; imports from Google.' },
    { id: 3, name: 'Apple Business Connect', url: 'https://businessconnect.apple.com/', description: 'Claim and manage how your business appears in Apple Maps and Siri.' },
    { id: 4, name: 'Justdial', url: 'https://www.justdial.com/', description: 'India\'s largest local search directory with free business listings.' },
    { id: 5, name: 'Sulekha', url: 'https://www.sulekha.com/', description: 'Indian services directory that connects listed providers with customer leads.' },
    { id: 6, name: 'IndiaMART', url: 'https://www.indiamart.com/', description: 'B2B directory where Indian suppliers list products and receive buyer enquiries.' },
    { id: 7, name: 'Yelp', url: 'https://biz.yelp.com/', description: 'Review-driven local directory; claim a free business page to respond to reviews.' },
    { id: 8, name: 'Foursquare', url: 'https://foursquare.com/', description: 'Places database used by many apps; businesses can claim and update venues.' },
    { id: 9, name: 'Yellow Pages', url: 'https://www.yellowpages.com/', description: 'US business directory with free basic listings.' },
    { id: 10, name: 'Hotfrog', url: 'https://www.hotfrog.com/', description: 'Free international business directory with profiles in many countries.' },
    { id: 11, name: 'Manta', url: 'https://www.manta.com/', description: 'Small-business directory with free company profiles.' },
    { id: 12, name: 'Brownbook', url: 'https://www.brownbook.net/', description: 'Global, free-to-edit business directory with worldwide listings.' },
    { id: 13, name: 'Cylex', url: 'https://www.cylex.net/', description: 'International business directory with free local listings by country.' },
    { id: 14, name: 'Yell', url: 'https://www.yell.com/', description: 'UK\'s best-known business directory with free and paid listings.' },
    { id: 15, name: 'Better Business Bureau', url: 'https://www.bbb.org/', description: 'US and Canada business profiles with ratings; accreditation is optional.' },
    { id: 16, name: 'ChamberofCommerce.com', url: 'https://www.chamberofcommerce.com/', description: 'US small-business directory with free business pages.' },
    { id: 17, name: 'MerchantCircle', url: 'https://www.merchantcircle.com/', description: 'US local business network with free listings and blog posts.' },
    { id: 18, name: 'Crunchbase', url: 'https://www.crunchbase.com/', description: 'Company database for startups and businesses; profiles can be claimed and edited.' },
    { id: 19, name: 'Clutch', url: 'https://clutch.co/', description: 'B2B directory of agencies ranked by verified client reviews.' },
    { id: 20, name: 'GoodFirms', url: 'https://www.goodfirms.co/', description: 'Directory of software and marketing companies with reviews and research.' },
    { id: 21, name: 'DesignRush', url: 'https://www.designrush.com/', description: 'Agency directory for marketing, design and development firms.' },
    { id: 22, name: 'TradeIndia', url: 'https://www.tradeindia.com/', description: 'Indian B2B directory of manufacturers, suppliers and exporters.' },
    { id: 23, name: 'Trustpilot', url: 'https://business.trustpilot.com/', description: 'Review platform where businesses claim a free profile to collect reviews.' },
  ],
};
