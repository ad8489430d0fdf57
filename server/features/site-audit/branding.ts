/** Who the client report is from; the API layer fills it from the business profile (services do not read views). */
export interface ReportBrand {
  name: string;
  tagline?: string;
  email: string;
  phone: string;
  website: string;
}
