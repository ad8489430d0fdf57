import type { DirectoryList } from '../schema.ts';

// Publications with a published contributor or "write for us" programme. Editors decide;
// some programmes are paid or membership-based, which the description says.
export const guestPostSites: DirectoryList = {
  asOf: '2024-06',
  sites: [
    { id: 1, name: 'Search Engine Journal', url: 'https://www.searchenginejournal.com/contribute/', description: 'SEO and search marketing publication that accepts pitches from experienced practitioners.' },
    { id: 2, name: 'Search Engine Land', url: 'https://searchengineland.com/', description: 'Search marketing news site with a contributor programme for expert columns.' },
    { id: 3, name: 'Moz Blog', url: 'https://moz.com/blog', description: 'SEO blog that publishes guest posts from practitioners alongside staff articles.' },
    { id: 4, name: 'Semrush Blog', url: 'https://www.semrush.com/blog/', description: 'Marketing blog with a guest author programme for SEO, content and PPC specialists.' },
    { id: 5, name: 'HubSpot Blog', url: 'https://blog.hubspot.com/', description: 'Inbound marketing, sales and service blog with published guest contributor guidelines.' },
    { id: 6, name: 'Smashing Magazine', url: 'https://www.smashingmagazine.com/write-for-us/', description: 'Web design and front-end magazine that pays for in-depth, original articles.' },
    { id: 7, name: 'SitePoint', url: 'https://www.sitepoint.com/', description: 'Web development tutorials site that commissions and accepts technical articles.' },
    { id: 8, name: 'freeCodeCamp News', url: 'https://www.freecodecamp.org/news/', description: 'Programming tutorials from community authors; new writers apply to contribute.' },
    { id: 9, name: 'ProBlogger', url: 'https://problogger.com/', description: 'Blogging and content business advice site that takes guest post submissions.' },
    { id: 10, name: 'Jeff Bullas', url: 'https://www.jeffbullas.com/', description: 'Digital marketing and social media blog with guest posting guidelines.' },
    { id: 11, name: 'Business 2 Community', url: 'https://www.business2community.com/', description: 'Business and marketing site built on contributions from practitioners.' },
    { id: 12, name: 'YourStory', url: 'https://yourstory.com/', description: 'Indian startup and entrepreneurship media that publishes contributor opinion pieces.' },
    { id: 13, name: 'Inc42', url: 'https://inc42.com/', description: 'Indian tech and startup news site that accepts expert opinion articles.' },
    { id: 14, name: 'Social Media Today', url: 'https://www.socialmediatoday.com/', description: 'Social media marketing news site with expert contributor articles.' },
    { id: 15, name: 'MarketingProfs', url: 'https://www.marketingprofs.com/', description: 'Marketing training and articles site that accepts practical how-to contributions.' },
    { id: 16, name: 'A List Apart', url: 'https://alistapart.com/', description: 'Long-running web standards magazine that reviews article submissions.' },
    { id: 17, name: 'Towards Data Science', url: 'https://towardsdatascience.com/', description: 'Data science and machine learning publication open to contributor submissions.' },
    { id: 18, name: 'HackerNoon', url: 'https://hackernoon.com/', description: 'Technology publication where contributors submit stories for editorial review.' },
    { id: 19, name: 'Entrepreneur', url: 'https://www.entrepreneur.com/', description: 'Business magazine; contributor pieces come through its paid Leadership Network.' },
    { id: 20, name: 'Forbes Councils', url: 'https://councils.forbes.com/', description: 'Invitation and fee-based councils whose members publish expert posts on Forbes.com.' },
    { id: 21, name: 'Envato Tuts+', url: 'https://tutsplus.com/', description: 'Design, code and business tutorials site that pays instructors for tutorials.' },
    { id: 22, name: 'DigitalOcean Community', url: 'https://www.digitalocean.com/community', description: 'Developer tutorials site with a paid Write for DOnations programme.' },
    { id: 23, name: 'LogRocket Blog', url: 'https://blog.logrocket.com/', description: 'Front-end engineering blog with a paid guest author programme.' },
    { id: 24, name: 'Noupe', url: 'https://www.noupe.com/', description: 'Web design and online business magazine that accepts guest articles.' },
  ],
};
