import type { DirectoryList } from '../schema.ts';

// Photo, illustration and image-hosting communities. Stock sites review each upload and
// licence it to others, so read their terms before sharing brand images there.
export const imageSubmissionSites: DirectoryList = {
  sites: [
    { id: 1, name: 'Pinterest', url: 'https://www.pinterest.com/', region: 'Global', linkType: 'nofollow', description: 'Image pins that link back to the page they came from, searchable by topic.' },
    { id: 2, name: 'Instagram', url: 'https://www.instagram.com/', region: 'Global', linkType: 'nofollow', description: 'Photo and video network; links in the profile bio are the ones followers can click.' },
    { id: 3, name: 'Flickr', url: 'https://www.flickr.com/', region: 'Global', description: 'Photo-sharing community with albums, groups, tags and licence choices.' },
    { id: 4, name: 'Behance', url: 'https://www.behance.net/', region: 'Global', description: 'Adobe\'s portfolio network for creative projects and case studies.' },
    { id: 5, name: 'Dribbble', url: 'https://dribbble.com/', region: 'Global', description: 'Design community for sharing UI, branding and illustration shots.' },
    { id: 6, name: 'DeviantArt', url: 'https://www.deviantart.com/', region: 'Global', description: 'Large art community for digital art, illustration and photography.' },
    { id: 7, name: '500px', url: 'https://500px.com/', region: 'Global', description: 'Photography community for showcasing high-quality work and getting feedback.' },
    { id: 8, name: 'ArtStation', url: 'https://www.artstation.com/', region: 'Global', description: 'Portfolio platform for games, film and entertainment artists.' },
    { id: 9, name: 'Imgur', url: 'https://imgur.com/', region: 'Global', description: 'Image hosting and sharing community with public posts and comments.' },
    { id: 10, name: 'Tumblr', url: 'https://www.tumblr.com/', region: 'Global', description: 'Blogging platform suited to image posts that spread through reblogs.' },
    { id: 11, name: 'Unsplash', url: 'https://unsplash.com/', region: 'Global', description: 'Free-to-use photo library; contributors submit photos for review.' },
    { id: 12, name: 'Pexels', url: 'https://www.pexels.com/', region: 'Global', description: 'Free stock photos and videos uploaded by a community of creators.' },
    { id: 13, name: 'Pixabay', url: 'https://pixabay.com/', region: 'Global', description: 'Free images, vectors and illustrations contributed and moderated by the community.' },
    { id: 14, name: 'Wikimedia Commons', url: 'https://commons.wikimedia.org/', region: 'Global', description: 'Free media repository behind Wikipedia; uploads must carry a free licence.' },
    { id: 15, name: 'Shutterstock Contributor', url: 'https://submit.shutterstock.com/', region: 'Global', description: 'Submit photos and illustrations for licensing; each file is reviewed.' },
    { id: 16, name: 'Adobe Stock Contributor', url: 'https://contributor.stock.adobe.com/', region: 'Global', description: 'Upload images to sell on Adobe Stock after content review.' },
    { id: 17, name: 'Alamy', url: 'https://www.alamy.com/', region: 'Global', description: 'Stock photo agency where contributors sell photos, including editorial and travel images.' },
    { id: 18, name: 'Dreamstime', url: 'https://www.dreamstime.com/', region: 'Global', description: 'Stock photo site where contributors upload images for review and sale.' },
    { id: 19, name: 'Freepik', url: 'https://www.freepik.com/', region: 'Global', description: 'Image and vector library; contributors upload resources for review.' },
    { id: 20, name: 'GIPHY', url: 'https://giphy.com/', region: 'Global', description: 'GIF library where brands and artists upload animated images and stickers.' },
    { id: 21, name: 'VSCO', url: 'https://www.vsco.co/', region: 'Global', description: 'Photo editing app and community gallery for photographers.' },
    { id: 22, name: 'SmugMug', url: 'https://www.smugmug.com/', region: 'Global', description: 'Paid photo hosting and portfolio sites for photographers.' },
    { id: 23, name: 'Photobucket', url: 'https://photobucket.com/', region: 'Global', description: 'Image hosting and backup service with shareable albums.' },
    { id: 24, name: 'ImgBB', url: 'https://imgbb.com/', region: 'Global', description: 'Free image hosting with direct links and embed codes.' },
    { id: 25, name: 'Postimages', url: 'https://postimages.org/', region: 'Global', description: 'Free image hosting for forums and websites, no account needed.' },
  ],
};
