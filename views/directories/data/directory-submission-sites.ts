import type { DirectoryList } from '../schema.ts';

// Business directories and listing platforms worth being in: consistent name, address and
// phone across them is a local SEO signal, and several send real enquiries. Only platforms
// that accept businesses in India are listed.
export const directorySubmissionSites: DirectoryList = {
  sites: [
    { id: 1, name: 'Google Business Profile', url: 'https://www.google.com/business/', region: 'Global', description: 'Free listing that powers your business on Google Search and Maps.' },
    { id: 2, name: 'Bing Places', url: 'https://www.bingplaces.com/', region: 'Global', description: 'Microsoft\'s free business listing for Bing search and maps; can import from Google.' },
    { id: 3, name: 'Apple Business Connect', url: 'https://businessconnect.apple.com/', region: 'Global', description: 'Claim and manage how your business appears in Apple Maps and Siri.' },
    { id: 4, name: 'Mappls (MapmyIndia)', url: 'https://www.mappls.com/', region: 'India', description: 'MapmyIndia\'s maps app, where businesses can add or correct their place.' },
    { id: 5, name: 'Justdial', url: 'https://www.justdial.com/', region: 'India', description: 'Indian local search directory with free business listings.' },
    { id: 6, name: 'Sulekha', url: 'https://www.sulekha.com/', region: 'India', description: 'Indian services directory that connects listed providers with customer leads.' },
    { id: 7, name: 'IndiaMART', url: 'https://www.indiamart.com/', region: 'India', description: 'B2B directory where Indian suppliers list products and receive buyer enquiries.' },
    { id: 8, name: 'TradeIndia', url: 'https://www.tradeindia.com/', region: 'India', description: 'Indian B2B directory of manufacturers, suppliers and exporters.' },
    { id: 9, name: 'Startup India', url: 'https://www.startupindia.gov.in/', region: 'India', description: 'Government of India portal where startups register a profile and apply for DPIIT recognition.' },
    { id: 10, name: 'AmbitionBox', url: 'https://www.ambitionbox.com/', region: 'India', description: 'Company reviews and salaries site where employers can claim their company page.' },
    { id: 11, name: 'MouthShut', url: 'https://www.mouthshut.com/', region: 'India', description: 'Indian consumer reviews site where businesses can respond to reviews of their brand.' },
    { id: 12, name: 'LinkedIn Company Pages', url: 'https://www.linkedin.com/company/setup/new/', region: 'Global', description: 'Free company page with your website, address, services and posts.' },
    { id: 13, name: 'Facebook Pages', url: 'https://www.facebook.com/pages/create/', region: 'Global', description: 'Free business page with address, hours, phone, website and reviews.' },
    { id: 14, name: 'Glassdoor', url: 'https://www.glassdoor.co.in/', region: 'Global', description: 'Company reviews and jobs site; a free employer account lets you update your company profile.' },
    { id: 15, name: 'Foursquare', url: 'https://foursquare.com/', region: 'Global', description: 'Places database used by many apps; businesses can claim and update their venue.' },
    { id: 16, name: 'Crunchbase', url: 'https://www.crunchbase.com/', region: 'Global', description: 'Company database for startups and businesses; profiles can be claimed and edited.' },
    { id: 17, name: 'Clutch', url: 'https://clutch.co/', region: 'Global', description: 'B2B directory of agencies and IT firms ranked partly on verified client reviews.' },
    { id: 18, name: 'GoodFirms', url: 'https://www.goodfirms.co/', region: 'Global', description: 'Directory of software and marketing companies with reviews and research.' },
    { id: 19, name: 'DesignRush', url: 'https://www.designrush.com/', region: 'Global', description: 'Agency directory for marketing, design and development firms.' },
    { id: 20, name: 'Sortlist', url: 'https://www.sortlist.com/', region: 'Global', description: 'Marketplace that matches businesses with marketing, design and development agencies.' },
    { id: 21, name: 'G2', url: 'https://www.g2.com/', region: 'Global', description: 'Software review site where vendors claim a free product profile and collect reviews.' },
    { id: 22, name: 'Capterra', url: 'https://www.capterra.com/', region: 'Global', description: 'Software directory where vendors list products for free and buyers compare reviews.' },
    { id: 23, name: 'Trustpilot', url: 'https://business.trustpilot.com/', region: 'Global', description: 'Review platform where businesses claim a free profile to collect and answer reviews.' },
    { id: 24, name: 'Tripadvisor', url: 'https://www.tripadvisor.in/', region: 'Global', description: 'Hotels, restaurants and attractions claim a free listing to manage details and reply to reviews.' },
  ],
};
