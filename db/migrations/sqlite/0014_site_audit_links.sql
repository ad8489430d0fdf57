-- Issue 24: a report that shows the way. Each link issue keeps the links behind it (JSON
-- [[source, target, anchor, position], ...], at most 50 per issue row; source "" when it is the
-- issue's own URL), so the report can say where a link is, with what text, and group one template's
-- link across pages. No extra rows: one issue row still holds its links.
ALTER TABLE site_audit_issues ADD COLUMN links TEXT;
-- A lead sent from a site audit's call to action names that audit (its id), so the inbox links it.
ALTER TABLE contact_messages ADD COLUMN site_audit TEXT;
