import { expect, test } from 'vitest';
import { instagramVideoVariants } from './instagram.ts';
import { pinVideoVariants } from './pinterest.ts';

test('pinterest: HLS playlists are skipped, MP4 renditions kept with their sizes', () => {
  const data = {
    props: {
      initialReduxState: {
        pins: {
          '1': {
            videos: {
              video_list: {
                V_HLSV4: { url: 'https://v1.pinimg.com/videos/hls/a.m3u8', width: 720, height: 1280 },
                V_720P: { url: 'https://v1.pinimg.com/videos/mc/720p/a.mp4', width: 720, height: 1280 },
              },
            },
          },
        },
      },
    },
  };
  const html = `<script id="__PWS_DATA__" type="application/json">${JSON.stringify(data)}</script>`;
  expect(pinVideoVariants(html)).toEqual([
    { url: 'https://v1.pinimg.com/videos/mc/720p/a.mp4', label: 'V_720P', width: 720, height: 1280 },
  ]);
  expect(pinVideoVariants(html.replace('720p/a.mp4', '720p/a.m3u8'))).toEqual([]);
});

test('instagram: video_url inside a double-escaped contextJSON string', () => {
  const inner = JSON.stringify({
    context: { media: { video_url: 'https://scontent.cdninstagram.com/v/t50/a.mp4?_nc_ht=x&oh=1' } },
  }).replace(/\//g, '\\/');
  const html = `<script>window.__embed = {"contextJSON":${JSON.stringify(inner)}};</script>`;
  expect(instagramVideoVariants(html).map((v) => v.url)).toEqual([
    'https://scontent.cdninstagram.com/v/t50/a.mp4?_nc_ht=x&oh=1',
  ]);
});

test('instagram: og:video meta as a last resort, with &amp; decoded', () => {
  const html = '<meta property="og:video" content="https://scontent.cdninstagram.com/v/b.mp4?a=1&amp;b=2">';
  expect(instagramVideoVariants(html)).toEqual([{ url: 'https://scontent.cdninstagram.com/v/b.mp4?a=1&b=2' }]);
});

test('instagram: non-http values are ignored', () => {
  expect(instagramVideoVariants('{"video_url":"javascript:alert(1)"}')).toEqual([]);
});
