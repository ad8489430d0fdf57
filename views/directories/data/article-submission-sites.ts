import type { DirectoryList } from '../schema.ts';

// Platforms where anyone can publish an article under their own account, without pitching
// an editor. Most links are nofollow; the value is readers, brand and indexing.
export const articleSubmissionSites: DirectoryList = {
  asOf: '2024-06',
  sites: [
    { id: 1, name: 'Medium', url: 'https://medium.com/', description: 'Open publishing platform; articles can be submitted to themed publications for reach.' },
    { id: 2, name: 'Substack', url: 'https://substack.com/', description: 'Newsletter and blog platform where each post is also a public web page.' },
    { id: 3, name: 'LinkedIn Articles', url: 'https://www.linkedin.com/', description: 'Long-form articles published from a LinkedIn profile or company page.' },
    { id: 4, name: 'HubPages', url: 'https://hubpages.com/', description: 'Article platform with editorial quality checks and topic-based network sites.' },
    { id: 5, name: 'Vocal', url: 'https://vocal.media/', description: 'Storytelling platform with topic communities and writing challenges.' },
    { id: 6, name: 'EzineArticles', url: 'https://ezinearticles.com/', description: 'Long-standing article directory with human review of submitted articles.' },
    { id: 7, name: 'Tumblr', url: 'https://www.tumblr.com/', description: 'Blogging platform for short and long posts with tags for discovery.' },
    { id: 8, name: 'Blogger', url: 'https://www.blogger.com/', description: 'Google\'s free blogging service on blogspot.com or a custom domain.' },
    { id: 9, name: 'WordPress.com', url: 'https://wordpress.com/', description: 'Hosted WordPress blogs with a free plan and the Reader for discovery.' },
    { id: 10, name: 'DEV Community', url: 'https://dev.to/', description: 'Developer articles with tags, canonical URL support and an active feed.' },
    { id: 11, name: 'Hashnode', url: 'https://hashnode.com/', description: 'Developer blogs on your own domain with a shared community feed.' },
    { id: 12, name: 'HackerNoon', url: 'https://hackernoon.com/', description: 'Technology stories published after editorial review, with canonical links allowed.' },
    { id: 13, name: 'Issuu', url: 'https://issuu.com/', description: 'Digital publishing for magazines, brochures and reports as flipbooks.' },
    { id: 14, name: 'Scribd', url: 'https://www.scribd.com/', description: 'Document library where uploaded papers and guides are publicly readable.' },
    { id: 15, name: 'SlideShare', url: 'https://www.slideshare.net/', description: 'Share presentations and documents; each upload gets its own page.' },
    { id: 16, name: 'Quora', url: 'https://www.quora.com/', description: 'Answers and Spaces posts that can carry long-form, referenced writing.' },
    { id: 17, name: 'NewsBreak', url: 'https://www.newsbreak.com/', description: 'Local news app with a contributor programme for community writers.' },
    { id: 18, name: 'Steemit', url: 'https://steemit.com/', description: 'Blockchain-based blogging where articles earn community votes.' },
    { id: 19, name: 'SelfGrowth', url: 'https://www.selfgrowth.com/', description: 'Self-improvement site that publishes articles submitted by experts.' },
    { id: 20, name: 'ArticlesFactory', url: 'https://www.articlesfactory.com/', description: 'Free article directory organised by category, with editor approval.' },
    { id: 21, name: 'Write.as', url: 'https://write.as/', description: 'Minimal, distraction-free blogging with anonymous or named posts.' },
    { id: 22, name: 'Telegraph', url: 'https://telegra.ph/', description: 'Telegram\'s instant publishing tool for quick, public long-form pages.' },
  ],
};
