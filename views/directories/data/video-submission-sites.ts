import type { DirectoryList } from '../schema.ts';

// Video platforms with high authority (Moz DA 66+). The page shows the first 20 in this
// order; the CSV has the full list.
export const videoSubmissionSites: DirectoryList = {
  asOf: '2024-06',
  sites: [
    { id: 1, name: 'YouTube', url: 'https://www.youtube.com/', description: 'The largest video platform; titles, descriptions and chapters are indexed by Google.', da: 100 },
    { id: 2, name: 'Vimeo', url: 'https://vimeo.com/', description: 'Ad-free video hosting with high-quality playback and privacy controls.', da: 98 },
    { id: 3, name: 'Dailymotion', url: 'https://www.dailymotion.com/', description: 'Global video platform for creators and publishers, with channel pages.', da: 95 },
    { id: 4, name: 'TikTok', url: 'https://www.tiktok.com/', description: 'Short vertical video network with strong discovery through its For You feed.', da: 95 },
    { id: 5, name: 'Facebook Video', url: 'https://www.facebook.com/watch/', description: 'Native videos and Reels on Facebook pages, shown in the Watch tab.', da: 96 },
    { id: 6, name: 'Instagram Reels', url: 'https://www.instagram.com/', description: 'Short vertical videos on Instagram, surfaced in the Reels and Explore feeds.', da: 98 },
    { id: 7, name: 'LinkedIn Video', url: 'https://www.linkedin.com/', description: 'Native video posts on profiles and company pages for professional audiences.', da: 99 },
    { id: 8, name: 'Pinterest Video Pins', url: 'https://www.pinterest.com/', description: 'Video pins that link to your page and stay discoverable for months.', da: 94 },
    { id: 9, name: 'Twitch', url: 'https://www.twitch.tv/', description: 'Live streaming platform with saved videos, highlights and clips.', da: 93 },
    { id: 10, name: 'Internet Archive', url: 'https://archive.org/', description: 'Non-profit library that hosts uploaded videos permanently with open licences.', da: 98 },
    { id: 11, name: 'Flickr', url: 'https://www.flickr.com/', description: 'Photo community that also accepts short video uploads alongside images.', da: 94 },
    { id: 12, name: 'VK Video', url: 'https://vk.com/video', description: 'Video section of VK with channels, playlists and live streams.', da: 94 },
    { id: 13, name: 'Tumblr', url: 'https://www.tumblr.com/', description: 'Blog platform where video posts spread through tags and reblogs.', da: 95 },
    { id: 14, name: 'X (Twitter) Video', url: 'https://x.com/', description: 'Native video in posts on X, playing inline in timelines.', da: 94 },
    { id: 15, name: 'Reddit Video', url: 'https://www.reddit.com/', description: 'Native video posts in topic communities, voted up by members.', da: 93 },
    { id: 16, name: 'Imgur', url: 'https://imgur.com/', description: 'Image community that also hosts short videos and GIF-style clips.', da: 93 },
    { id: 17, name: 'Wistia', url: 'https://wistia.com/', description: 'Business video hosting with SEO embeds, chapters and viewer analytics.', da: 90 },
    { id: 18, name: 'Loom', url: 'https://www.loom.com/', description: 'Screen and camera recording with shareable video pages.', da: 91 },
    { id: 19, name: 'Bilibili', url: 'https://www.bilibili.com/', description: 'Chinese video platform known for animation, gaming and tutorials.', da: 88 },
    { id: 20, name: 'Rumble', url: 'https://rumble.com/', description: 'Video platform with creator monetisation and licensing options.', da: 82 },
    { id: 21, name: 'Vidyard', url: 'https://www.vidyard.com/', description: 'Video hosting for sales and marketing teams with shareable video pages.', da: 86 },
    { id: 22, name: 'Veoh', url: 'https://www.veoh.com/', description: 'Long-running video sharing site for user-uploaded videos.', da: 87 },
  ],
};
