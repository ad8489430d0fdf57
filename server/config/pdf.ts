import { optionalText } from './fields.ts';
import { defineSection } from './section.ts';

/** Every PDF the site draws (site audit and monthly client reports, transcripts): the font (server/lib/pdf). */
export const pdf = defineSection({
  env: {
    PDF_FONT_PATH: optionalText(),
  },
  read: (env) => ({ fontPath: env.PDF_FONT_PATH }),
});
