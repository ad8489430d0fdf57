-- Issue 32 (decision 0050): a monitor's limits count its mailbox, not the spelling typed. `email_key`
-- is the address as limits compare it (views/model/email.ts mailboxKey: lower-cased, a +tag dropped,
-- Gmail's dots ignored), written by the application with every visitor monitor. Rows from before
-- get their address lower-cased, which is how they were compared until now.
ALTER TABLE monitors ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
UPDATE monitors SET email_key = lower(email);
CREATE INDEX IF NOT EXISTS monitors_email_key ON monitors (email_key) WHERE kind = 'visitor';
