import type { DirectoryList } from '../schema.ts';

// Video platforms available in India, most useful first; the page shows the first 20 in this
// order and the CSV has them all. Apps blocked in India (TikTok among them) are left out.
export const videoSubmissionSites: DirectoryList = {
  sites: [
    { id: 1, name: 'YouTube', url: 'https://www.youtube.com/', region: 'Global', linkType: 'nofollow', description: 'The largest video platform; titles, descriptions and chapters are indexed by Google.' },
    { id: 2, name: 'Instagram Reels', url: 'https://www.instagram.com/', region: 'Global', linkType: 'nofollow', description: 'Short vertical videos on Instagram, surfaced in the Reels and Explore feeds.' },
    { id: 3, name: 'Facebook Video', url: 'https://www.facebook.com/watch/', region: 'Global', linkType: 'nofollow', description: 'Native videos and Reels on Facebook pages, shown in the Video tab.' },
    { id: 4, name: 'LinkedIn Video', url: 'https://www.linkedin.com/', region: 'Global', description: 'Native video posts on profiles and company pages for professional audiences.' },
    { id: 5, name: 'Moj', url: 'https://mojapp.in/', region: 'India', description: 'Indian short-video app from ShareChat\'s maker, with content in many Indian languages.' },
    { id: 6, name: 'Josh', url: 'https://myjosh.in/', region: 'India', description: 'Indian short-video app with creators in Hindi and other regional languages.' },
    { id: 7, name: 'ShareChat', url: 'https://sharechat.com/', region: 'India', description: 'Indian social app for videos and posts in Hindi and other Indian languages.' },
    { id: 8, name: 'Vimeo', url: 'https://vimeo.com/', region: 'Global', description: 'Ad-free video hosting with high-quality playback and privacy controls.' },
    { id: 9, name: 'Dailymotion', url: 'https://www.dailymotion.com/', region: 'Global', description: 'Global video platform for creators and publishers, with channel pages.' },
    { id: 10, name: 'Pinterest Video Pins', url: 'https://www.pinterest.com/', region: 'Global', linkType: 'nofollow', description: 'Video pins that link to your page and stay discoverable for months.' },
    { id: 11, name: 'X (Twitter) Video', url: 'https://x.com/', region: 'Global', linkType: 'nofollow', description: 'Native video in posts on X, playing inline in timelines.' },
    { id: 12, name: 'Snapchat Spotlight', url: 'https://www.snapchat.com/', region: 'Global', description: 'Public short videos on Snapchat, shown to users beyond your friends.' },
    { id: 13, name: 'Reddit Video', url: 'https://www.reddit.com/', region: 'Global', linkType: 'nofollow', description: 'Native video posts in topic communities, voted up by members.' },
    { id: 14, name: 'Twitch', url: 'https://www.twitch.tv/', region: 'Global', description: 'Live streaming platform with saved videos, highlights and clips.' },
    { id: 15, name: 'Internet Archive', url: 'https://archive.org/', region: 'Global', description: 'Non-profit library that hosts uploaded videos permanently with open licences.' },
    { id: 16, name: 'Wistia', url: 'https://wistia.com/', region: 'Global', description: 'Business video hosting with SEO-friendly embeds, chapters and viewer analytics.' },
    { id: 17, name: 'Vidyard', url: 'https://www.vidyard.com/', region: 'Global', description: 'Video hosting for sales and marketing teams with shareable video pages.' },
    { id: 18, name: 'Loom', url: 'https://www.loom.com/', region: 'Global', description: 'Screen and camera recording with shareable video pages.' },
    { id: 19, name: 'Tumblr', url: 'https://www.tumblr.com/', region: 'Global', description: 'Blog platform where video posts spread through tags and reblogs.' },
    { id: 20, name: 'Flickr', url: 'https://www.flickr.com/', region: 'Global', description: 'Photo community that also accepts short video uploads alongside images.' },
    { id: 21, name: 'Imgur', url: 'https://imgur.com/', region: 'Global', description: 'Image community that also hosts short videos and GIF-style clips.' },
    { id: 22, name: 'Rumble', url: 'https://rumble.com/', region: 'Global', description: 'Video platform with creator monetisation and licensing options.' },
    { id: 23, name: 'Streamable', url: 'https://streamable.com/', region: 'Global', description: 'Quick video hosting for sharing clips by link or embed.' },
  ],
};
