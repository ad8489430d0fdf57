-- Issue 26 (decision 0047): leads keep their context. Each lead names the page its form is on
-- (`/contact-me?plan=growth`) and the page of this site the visitor read before it (`/seo-packages`),
-- as a path of this site at most 300 characters long; NULL when unknown (older leads, no referrer,
-- or a referrer from another site).
ALTER TABLE contact_messages ADD COLUMN form_page TEXT;
ALTER TABLE contact_messages ADD COLUMN source_page TEXT;
ALTER TABLE article_submissions ADD COLUMN form_page TEXT;
ALTER TABLE article_submissions ADD COLUMN source_page TEXT;
