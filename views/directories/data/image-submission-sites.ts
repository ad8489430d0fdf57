import type { DirectoryList } from '../schema.ts';

// Photo, illustration and image-hosting communities. Stock sites review each upload and
// licence it to others, so read their terms before sharing brand images there.
export const imageSubmissionSites: DirectoryList = {
  asOf: '2024-06',
  sites: [
    { id: 1, name: 'Flickr', url: 'https://www.flickr.com/', description: 'Photo-sharing community with albums, groups, tags and licence choices.' },
    { id: 2, name: 'Pinterest', url: 'https://www.pinterest.com/', description: 'Image pins that link back to the page they came from, searchable by topic.' },
    { id: 3, name: 'Imgur', url: 'https://imgur.com/', description: 'Image hosting and sharing community with public posts and comments.' },
    { id: 4, name: '500px', url: 'https://500px.com/', description: 'Photography community for showcasing high-quality work and getting feedback.' },
    { id: 5, name: 'DeviantArt', url: 'https://www.deviantart.com/', description: 'Large art community for digital art, illustration and photography.' },
    { id: 6, name: 'Behance', url: 'https://www.behance.net/', description: 'Adobe\'s portfolio network for creative projects and case studies.' },
    { id: 7, name: 'Dribbble', url: 'https://dribbble.com/', description: 'Design community for sharing UI, branding and illustration shots.' },
    { id: 8, name: 'Unsplash', url: 'https://unsplash.com/', description: 'Free-to-use photo library; contributors submit photos for review.' },
    { id: 9, name: 'Pexels', url: 'https://www.pexels.com/', description: 'Free stock photos and videos uploaded by a community of creators.' },
    { id: 10, name: 'Pixabay', url: 'https://pixabay.com/', description: 'Free images, vectors and illustrations contributed and moderated by the community.' },
    { id: 11, name: 'Instagram', url: 'https://www.instagram.com/', description: 'Photo and video network; links in the profile bio are the ones followers can click.' },
    { id: 12, name: 'Tumblr', url: 'https://www.tumblr.com/', description: 'Blogging platform suited to image posts that spread through reblogs.' },
    { id: 13, name: 'We Heart It', url: 'https://weheartit.com/', description: 'Image-collecting community for saving and sharing visual inspiration.' },
    { id: 14, name: 'SmugMug', url: 'https://www.smugmug.com/', description: 'Paid photo hosting and portfolio sites for photographers.' },
    { id: 15, name: 'Photobucket', url: 'https://photobucket.com/', description: 'Image hosting and backup service with shareable albums.' },
    { id: 16, name: 'ImageShack', url: 'https://imageshack.com/', description: 'Subscription image hosting with albums and direct links.' },
    { id: 17, name: 'ImgBB', url: 'https://imgbb.com/', description: 'Free image hosting with direct links and embed codes.' },
    { id: 18, name: 'Postimages', url: 'https://postimages.org/', description: 'Free image hosting for forums and websites, no account needed.' },
    { id: 19, name: 'Shutterstock Contributor', url: 'https://submit.shutterstock.com/', description: 'Submit photos and illustrations for licensing; each file is reviewed.' },
    { id: 20, name: 'Adobe Stock Contributor', url: 'https://contributor.stock.adobe.com/', description: 'Upload images to sell on Adobe Stock after content review.' },
    { id: 21, name: 'ArtStation', url: 'https://www.artstation.com/', description: 'Portfolio platform for games, film and entertainment artists.' },
    { id: 22, name: 'VSCO', url: 'https://www.vsco.co/', description: 'Photo editing app and community gallery for photographers.' },
    { id: 23, name: 'GIPHY', url: 'https://giphy.com/', description: 'GIF library where brands and artists upload animated images and stickers.' },
    { id: 24, name: 'Freepik', url: 'https://www.freepik.com/', description: 'Image and vector library; contributors upload resources for review.' },
  ],
};
