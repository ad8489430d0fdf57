-- Issue 13: the contact form asks (optionally) for a phone number and a website. Older rows have neither.
ALTER TABLE contact_messages ADD COLUMN phone TEXT;
ALTER TABLE contact_messages ADD COLUMN website TEXT;
