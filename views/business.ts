/**
 * The business behind the site, as the operator's profile file describes it (SITE_PROFILE, read
 * and validated at boot by server/config/site-profile.ts; docs/profile.example.json shows every
 * field). Views read it through `useBusiness()`; nothing about the business is compiled in.
 */
export interface Business {
  name: string;
  /** The registered entity: the responsible party in the privacy policy, shown with the address. */
  legalName: string;
  /** One line after the name in the footer. */
  tagline?: string;
  phone: string;
  /** A number with country code; enables the click-to-chat link. */
  whatsapp?: string;
  email: string;
  address: PostalAddress;
  geo?: { lat: number; lng: number };
  gstin?: string;
  foundedYear?: number;
  /** As people read it, e.g. "Monday to Friday, 9 AM to 6 PM IST". */
  hours?: string;
  /**
   * The operator's IANA time zone: lead times in the inbox are shown in it. Absent: DEFAULT_TIME_ZONE.
   */
  timeZone?: string;
  /** The same hours for search engines, schema.org form, e.g. ["Mo-Fr 09:00-18:00"]. */
  openingHours?: string[];
  /** India's DPDP Act 2023: who handles privacy requests and complaints. */
  grievanceOfficer?: { name: string; email: string };
  social?: SocialLink[];
  team?: TeamMember[];
  testimonials?: Testimonial[];
  caseStudies?: CaseStudy[];
  /** URL the logo is served at (the profile names a file under DATA_DIR; the server serves it). */
  logo?: string;
}

export interface PostalAddress {
  street: string;
  /** Neighbourhood or sector, e.g. "Rohini". */
  locality: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166 code (IN) or the country's name. */
  country: string;
}

export interface SocialLink {
  name: string;
  url: string;
}

export interface TeamMember {
  name: string;
  role: string;
  bio?: string;
}

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export interface CaseStudy {
  /** How the client may be described, e.g. "A Rohini coaching institute". */
  client: string;
  sector?: string;
  /** A locality the site has a page for (e.g. "Noida"): the study is shown on that page too. */
  area?: string;
  duration?: string;
  challenge: string;
  work: string[];
  /** Measured outcomes, as the operator can show them. */
  results: string[];
  /** Where the figures come from, e.g. "Client's Search Console, same months year on year". */
  source?: string;
}

/** The time zone of a profile without one (the business this site was made for is in India). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Digits only, for tel: and wa.me links. */
function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** `tel:` link for a phone number as written ("+91 98110 45672" → "tel:+919811045672"). */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits(phone)}`;
}

/** WhatsApp click-to-chat link: https://wa.me/<country code and number, digits only>. */
export function whatsappHref(number: string): string {
  return `https://wa.me/${digits(number)}`;
}

/** The address as lines: street, then locality, city and postal code, then region. */
export function addressLines(address: PostalAddress): string[] {
  const place =
    address.locality && address.locality !== address.city ? `${address.locality}, ${address.city}` : address.city;
  return [address.street, `${place} ${address.postalCode}`, address.region];
}

/** One-line address, e.g. for a map search. */
export function addressText(address: PostalAddress): string {
  return addressLines(address).join(', ');
}
