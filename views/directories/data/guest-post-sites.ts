import type { DirectoryList } from '../schema.ts';

// Publications that publish contributed articles. Editors decide; some programmes are paid or
// membership-based, which the description says. Indian publications first.
export const guestPostSites: DirectoryList = {
  sites: [
    { id: 1, name: 'YourStory', url: 'https://yourstory.com/', region: 'India', description: 'Indian startup and entrepreneurship media that publishes contributor opinion pieces.' },
    { id: 2, name: 'Inc42', url: 'https://inc42.com/', region: 'India', description: 'Indian tech and startup news site that publishes expert opinion articles.' },
    { id: 3, name: 'Entrepreneur India', url: 'https://www.entrepreneur.com/en-in', region: 'India', description: 'Indian edition of Entrepreneur magazine, with columns by founders and business leaders.' },
    { id: 4, name: 'exchange4media', url: 'https://www.exchange4media.com/', region: 'India', description: 'Indian advertising, media and marketing news site that publishes guest columns from practitioners.' },
    { id: 5, name: 'ETBrandEquity', url: 'https://brandequity.economictimes.indiatimes.com/', region: 'India', description: 'The Economic Times\' marketing and advertising site, with guest columns from industry people.' },
    { id: 6, name: 'Search Engine Journal', url: 'https://www.searchenginejournal.com/', region: 'Global', description: 'SEO and search marketing publication that accepts pitches from experienced practitioners.' },
    { id: 7, name: 'Search Engine Land', url: 'https://searchengineland.com/', region: 'Global', description: 'Search marketing news site with a contributor programme for expert columns.' },
    { id: 8, name: 'Moz Blog', url: 'https://moz.com/blog', region: 'Global', description: 'SEO blog that has long published posts from outside practitioners alongside staff articles.' },
    { id: 9, name: 'Semrush Blog', url: 'https://www.semrush.com/blog/', region: 'Global', description: 'Marketing blog with guest authors on SEO, content and paid search.' },
    { id: 10, name: 'HubSpot Blog', url: 'https://blog.hubspot.com/', region: 'Global', description: 'Inbound marketing, sales and service blog that has published guest contributors.' },
    { id: 11, name: 'Content Marketing Institute', url: 'https://contentmarketinginstitute.com/', region: 'Global', description: 'Content marketing publication with contributor guidelines for practitioners.' },
    { id: 12, name: 'MarketingProfs', url: 'https://www.marketingprofs.com/', region: 'Global', description: 'Marketing training and articles site that publishes practical how-to contributions.' },
    { id: 13, name: 'Smashing Magazine', url: 'https://www.smashingmagazine.com/', region: 'Global', description: 'Web design and front-end magazine that pays for in-depth, original articles.' },
    { id: 14, name: 'SitePoint', url: 'https://www.sitepoint.com/', region: 'Global', description: 'Web development tutorials site that commissions and accepts technical articles.' },
    { id: 15, name: 'freeCodeCamp News', url: 'https://www.freecodecamp.org/news/', region: 'Global', description: 'Programming tutorials from community authors; new writers apply to contribute.' },
    { id: 16, name: 'LogRocket Blog', url: 'https://blog.logrocket.com/', region: 'Global', description: 'Front-end engineering blog with a paid guest author programme.' },
    { id: 17, name: 'UX Collective', url: 'https://uxdesign.cc/', region: 'Global', description: 'Design publication on Medium that reviews submitted articles on UX and product design.' },
    { id: 18, name: 'Towards Data Science', url: 'https://towardsdatascience.com/', region: 'Global', description: 'Data science and machine learning publication open to contributor submissions.' },
    { id: 19, name: 'HackerNoon', url: 'https://hackernoon.com/', region: 'Global', description: 'Technology publication where contributors submit stories for editorial review.' },
    { id: 20, name: 'ProBlogger', url: 'https://problogger.com/', region: 'Global', description: 'Blogging and content business advice site that has taken guest post submissions.' },
    { id: 21, name: 'Jeff Bullas', url: 'https://www.jeffbullas.com/', region: 'Global', description: 'Digital marketing and social media blog with guest posting guidelines.' },
    { id: 22, name: 'Business 2 Community', url: 'https://www.business2community.com/', region: 'Global', description: 'Business and marketing site built on contributions from practitioners.' },
    { id: 23, name: 'Noupe', url: 'https://www.noupe.com/', region: 'Global', description: 'Web design and online business magazine that accepts guest articles.' },
    { id: 24, name: 'Forbes Councils', url: 'https://councils.forbes.com/', region: 'Global', description: 'Invitation and fee-based councils whose members publish expert posts on Forbes.com.' },
  ],
};
