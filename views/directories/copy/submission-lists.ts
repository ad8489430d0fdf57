import type { DirectoryCopy } from './types.ts';

export const articleSubmissionCopy: DirectoryCopy = {
  heading: 'Article Submission Sites',
  title: 'Article Submission Sites to Publish Your Writing',
  description:
    'Real open publishing platforms and article directories where you can publish under your own name, from Medium and LinkedIn to DEV and HubPages.',
  keywords:
    'article submission sites, article publishing sites, free article submission, content syndication sites, article directories',
  intro:
    "Article submission today means publishing on platforms that already have readers: Medium, LinkedIn, Substack, DEV and their peers. You do not need an editor's approval on most of them, so quality is up to you. Publish original articles or republish your own posts with a canonical link back to the original, so search engines know which copy to rank.",
  faq: [
    {
      question: 'Can I republish an article from my blog?',
      answer:
        'Yes, on platforms that support a canonical link (Medium, DEV, Hashnode and HackerNoon among them). Set the canonical to your original post so the copy does not compete with it in search. Wait until the original is indexed before republishing.',
    },
    {
      question: 'Do article directories still work?',
      answer:
        'The old model of spinning one article across hundreds of directories stopped working years ago and can harm a site. A few reviewed directories remain, but platforms with real readers bring more value than any directory link.',
    },
    {
      question: 'How long should a submitted article be?',
      answer:
        'As long as the topic needs. For how-to and opinion pieces that is usually 800 to 2,000 words, with headings, short paragraphs and an example or two. Thin articles written only to hold a link are rejected or ignored.',
    },
    {
      question: 'Where should I link in the article?',
      answer:
        'Link to your site only where it genuinely helps the reader, such as a detailed guide or a tool, and keep an author bio link. One or two relevant links read naturally; a link in every paragraph reads as an advert.',
    },
  ],
};

export const directorySubmissionCopy: DirectoryCopy = {
  heading: 'Directory Submission Sites',
  title: 'Business Directory Submission Sites for Local SEO',
  description:
    'Business directories and listing platforms for local SEO that accept Indian businesses: Google Business Profile, Bing Places, Mappls, Justdial, Clutch and more.',
  keywords:
    'directory submission sites, business listing sites, local citation sites, business directories India, local SEO directories',
  intro:
    'Business directories matter for local SEO because they confirm your name, address and phone number across the web and send customers who are ready to buy. Claim the big platforms first, Google Business Profile, Bing Places and Apple Business Connect, then the directories your customers use, such as Justdial and Sulekha in India or Clutch and GoodFirms for agencies. Keep every listing identical down to the spelling.',
  faq: [
    {
      question: 'What is directory submission in SEO?',
      answer:
        'Adding your business to online directories with its name, address, phone, website, hours and category. These listings, called citations, help search engines trust your location details and help customers find you outside Google.',
    },
    {
      question: 'Why must NAP details match everywhere?',
      answer:
        'NAP stands for name, address and phone. Different spellings, old addresses or several phone numbers make it harder for search engines to match listings to one business. Write your details once and copy them exactly.',
    },
    {
      question: 'Should I use paid directory submission services?',
      answer:
        'Be careful. Services that submit to hundreds of generic directories mostly add links from pages nobody visits. A few dozen accurate listings on trusted, relevant directories are worth far more, and you keep the logins to update them.',
    },
    {
      question: 'How long do directory listings take to go live?',
      answer:
        'Most are live within a few days. Google Business Profile may ask you to verify by phone, email, video or post, which can take up to a couple of weeks. Check each listing after it goes live and fix any wrong details.',
    },
  ],
};

export const imageSubmissionCopy: DirectoryCopy = {
  heading: 'Image Submission Sites',
  title: 'Image Submission Sites for Photos, Graphics and Infographics',
  description:
    'Real image sharing, portfolio and stock platforms where you can publish photos, infographics and designs, from Flickr and Pinterest to Behance and Unsplash.',
  keywords:
    'image submission sites, photo sharing sites, infographic submission sites, image sharing sites SEO, free image hosting',
  intro:
    'Good images travel further than text: an infographic, a chart or a well-shot product photo gets pinned, embedded and credited. Image communities such as Flickr, Pinterest, Behance and Dribbble give your visuals an audience, while stock sites such as Unsplash and Pexels put them in front of people looking for pictures to use. Add a descriptive title, alt-style description and a link back to the source page every time.',
  faq: [
    {
      question: 'How does image submission help SEO?',
      answer:
        'Images shared on busy platforms rank in image search, bring visits through their source links and get reused by other sites, who often credit you with a link. Infographics and original data charts earn the most citations.',
    },
    {
      question: 'What should I add to each uploaded image?',
      answer:
        'A descriptive title, a sentence or two describing what the image shows, relevant tags, the licence you allow and a link to the page where the image is explained. Use a meaningful file name rather than IMG_1234.',
    },
    {
      question: 'Can I upload images I found online?',
      answer:
        'No. Upload only images you created or have the rights to share. Stock and community sites remove copied images and may close the account, and the original owner can file a copyright claim.',
    },
    {
      question: 'Should I compress images before uploading?',
      answer:
        'For image hosts and your own site, yes: a well-compressed JPEG or WebP looks the same and loads faster. Stock sites are the exception, because they usually ask for the largest original file. Our free image compressor can do the compression for you.',
    },
  ],
};

export const videoSubmissionCopy: DirectoryCopy = {
  heading: 'Video Submission Sites',
  title: 'Video Submission Sites for Indian Businesses',
  description:
    'Video platforms available in India to publish and share videos, from YouTube, Reels and Moj to Vimeo and Wistia, with notes on how each one treats links.',
  keywords: 'video submission sites, video sharing sites, short video apps India, video SEO, video hosting platforms',
  intro:
    'Video is often the fastest way to explain a service, and every platform below is available in India and has a large audience. Publish where your viewers already watch: YouTube for search and tutorials, Instagram Reels and Indian short-video apps such as Moj and Josh for reach, LinkedIn for business audiences, and a business host such as Wistia when you want the views on your own site. Give every upload a clear title, a full description with a link, and captions.',
  faq: [
    {
      question: 'Which video site is best for SEO?',
      answer:
        'YouTube, because people search it directly for how-to and review videos and its videos also appear in Google results. For views on your own pages, host with a business player such as Wistia or Vimeo and add video structured data to the page.',
    },
    {
      question: 'Should I upload the same video to several platforms?',
      answer:
        'Yes, but adapt it: vertical cuts for Reels, Shorts and Indian short-video apps, a native upload for LinkedIn and Facebook, and the full version on YouTube. Native uploads get more reach than shared links on most social networks.',
    },
    {
      question: 'How do I optimise a video description?',
      answer:
        'Put the main topic in the first sentence, summarise what viewers will learn, add chapters with timestamps, link to the related page on your site and include a call to action. Write it for people first; keyword lists are ignored.',
    },
    {
      question: 'Do captions and transcripts matter?',
      answer:
        "Yes. Captions make videos accessible and watchable without sound, and a transcript gives search engines text to index. You can fetch a YouTube video's transcript with our free transcript tool and publish it below the video.",
    },
    {
      question: 'What does the DA column show?',
      answer:
        'Moz Domain Authority, a third-party estimate from 1 to 100 of how well a domain may rank. It describes the platform as a whole, not your channel or video, and it is not a Google metric. We leave it blank rather than print a figure we cannot source; Moz Link Explorer shows it for any domain.',
    },
  ],
};
