import type { ReportBrand } from '#server/lib/pdf/index.ts';

/** The business a test's PDF or mail is branded with, in India's zone (decision 0060). */
export const testBrand: ReportBrand = {
  name: 'Acme SEO',
  email: 'hi@acme.in',
  phone: '011 2345 6789',
  website: 'https://acme.in',
  timeZone: 'Asia/Kolkata',
};
