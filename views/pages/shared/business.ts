/**
 * Facts about the agency that several pages and the LocalBusiness JSON-LD repeat.
 * Kept in one place so an address or hours change is a one-line edit.
 */
export const business = {
  name: 'Delhi SEO Tools',
  legalName: 'Delhi SEO Tools',
  founded: 2019,
  hours: 'Monday to Friday, 9 AM to 6 PM IST',
  openingHours: 'Mo-Fr 09:00-18:00',
  office: {
    streetAddress: 'Netaji Subhash Place, Pitampura',
    locality: 'New Delhi',
    region: 'Delhi',
    postalCode: '110034',
    country: 'IN',
    /** Query for the on-request map; no coordinates are claimed beyond the district. */
    mapQuery: 'Netaji Subhash Place, Pitampura, New Delhi 110034',
    landmark: 'a five-minute walk from Netaji Subhash Place metro station (Red and Pink Lines)',
  },
} as const;
