/** The business behind the site. Operators change these in one place. */
export const brand = {
  name: 'RankCraft Delhi',
  legalName: 'RankCraft Digital Services',
  tagline: 'SEO services and free SEO tools for Delhi NCR businesses',
  email: 'hello@rankcraftdelhi.in',
  phone: '+91 98110 45672',
  address: {
    street: 'Plot 12, Pocket B, Sector 8, Rohini',
    locality: 'New Delhi',
    region: 'Delhi',
    postalCode: '110085',
    country: 'IN',
  },
  hours: 'Monday to Friday, 9 AM to 6 PM IST',
} as const;
