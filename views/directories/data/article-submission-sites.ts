import type { DirectoryList } from '../schema.ts';

// Platforms where anyone can publish an article under their own account, without pitching an
// editor. On your own blog (WordPress.com, Blogger) your links are ordinary followed links.
export const articleSubmissionSites: DirectoryList = {
  sites: [
    { id: 1, name: 'Medium', url: 'https://medium.com/', region: 'Global', linkType: 'nofollow', description: 'Open publishing platform; articles can be submitted to themed publications for reach.' },
    { id: 2, name: 'LinkedIn Articles', url: 'https://www.linkedin.com/', region: 'Global', description: 'Long-form articles and newsletters published from a LinkedIn profile or company page.' },
    { id: 3, name: 'Substack', url: 'https://substack.com/', region: 'Global', description: 'Newsletter and blog platform where each post is also a public web page.' },
    { id: 4, name: 'WordPress.com', url: 'https://wordpress.com/', region: 'Global', linkType: 'dofollow', description: 'Hosted WordPress blogs with a free plan and the Reader for discovery.' },
    { id: 5, name: 'Blogger', url: 'https://www.blogger.com/', region: 'Global', linkType: 'dofollow', description: 'Google\'s free blogging service on blogspot.com or a custom domain.' },
    { id: 6, name: 'Pratilipi', url: 'https://www.pratilipi.com/', region: 'India', description: 'Indian storytelling platform for writing in Hindi and other Indian languages, with a large readership.' },
    { id: 7, name: 'Tumblr', url: 'https://www.tumblr.com/', region: 'Global', description: 'Blogging platform for short and long posts with tags for discovery.' },
    { id: 8, name: 'DEV Community', url: 'https://dev.to/', region: 'Global', description: 'Developer articles with tags, canonical URL support and an active feed.' },
    { id: 9, name: 'Hashnode', url: 'https://hashnode.com/', region: 'Global', description: 'Developer blogs on your own domain with a shared community feed.' },
    { id: 10, name: 'HackerNoon', url: 'https://hackernoon.com/', region: 'Global', description: 'Technology stories published after editorial review, with canonical links allowed.' },
    { id: 11, name: 'Vocal', url: 'https://vocal.media/', region: 'Global', description: 'Storytelling platform with topic communities and writing challenges.' },
    { id: 12, name: 'HubPages', url: 'https://hubpages.com/', region: 'Global', description: 'Article platform with editorial quality checks and topic-based network sites.' },
    { id: 13, name: 'EzineArticles', url: 'https://ezinearticles.com/', region: 'Global', description: 'Long-standing article directory with human review of submitted articles.' },
    { id: 14, name: 'Quora', url: 'https://www.quora.com/', region: 'Global', linkType: 'nofollow', description: 'Answers and Spaces posts that can carry long-form, referenced writing.' },
    { id: 15, name: 'Issuu', url: 'https://issuu.com/', region: 'Global', description: 'Digital publishing for magazines, brochures and reports as flipbooks.' },
    { id: 16, name: 'Scribd', url: 'https://www.scribd.com/', region: 'Global', description: 'Document library where uploaded papers and guides are publicly readable.' },
    { id: 17, name: 'SlideShare', url: 'https://www.slideshare.net/', region: 'Global', description: 'Share presentations and documents; each upload gets its own page.' },
    { id: 18, name: 'Ghost', url: 'https://ghost.org/', region: 'Global', description: 'Open-source publishing platform with paid hosting for blogs and newsletters on your own domain.' },
    { id: 19, name: 'beehiiv', url: 'https://www.beehiiv.com/', region: 'Global', description: 'Newsletter platform whose posts are also published as web pages.' },
    { id: 20, name: 'Write.as', url: 'https://write.as/', region: 'Global', description: 'Minimal, distraction-free blogging with anonymous or named posts.' },
    { id: 21, name: 'Bear Blog', url: 'https://bearblog.dev/', region: 'Global', description: 'Tiny, fast blogging platform with plain-text posts and a discovery feed.' },
    { id: 22, name: 'Micro.blog', url: 'https://micro.blog/', region: 'Global', description: 'Paid blogging service for short and long posts on your own domain.' },
  ],
};
