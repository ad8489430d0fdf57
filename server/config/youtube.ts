import { optionalText, origin } from './fields.ts';
import { defineSection } from './section.ts';

/** The YouTube client (transcripts, tags, Shorts downloads) and the transcript PDF font. */
export const youtube = defineSection({
  env: {
    YOUTUBE_ORIGIN: origin('https://www.youtube.com', 'https://www.youtube.com'),
    PDF_FONT_PATH: optionalText(),
  },
  read: (env) => ({ origin: env.YOUTUBE_ORIGIN, pdfFontPath: env.PDF_FONT_PATH }),
});
