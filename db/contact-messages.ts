import type { Db } from '#db/index.ts';

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  /** Optional on the form; null when not given (and on every message from before the field existed). */
  phone: string | null;
  /** Optional on the form: an http(s) address; null when not given. */
  website: string | null;
  message: string;
  ipHash: string | null;
  createdAt: string;
}

export interface NewContactMessage {
  name: string;
  email: string;
  phone?: string | null;
  website?: string | null;
  message: string;
  ipHash?: string | null;
}

export function insertContactMessage(db: Db, input: NewContactMessage): number {
  const result = db
    .prepare('INSERT INTO contact_messages (name, email, phone, website, message, ip_hash) VALUES (?, ?, ?, ?, ?, ?)')
    .run(input.name, input.email, input.phone ?? null, input.website ?? null, input.message, input.ipHash ?? null);
  return Number(result.lastInsertRowid);
}

const COLUMNS = 'id, name, email, phone, website, message, ip_hash AS ipHash, created_at AS createdAt';

export function getContactMessage(db: Db, id: number): ContactMessage | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM contact_messages WHERE id = ?`).get(id) as ContactMessage | undefined;
}

const NEWEST_FIRST = `SELECT ${COLUMNS} FROM contact_messages ORDER BY created_at DESC, id DESC`;

/** Newest first; id breaks ties between messages stored in the same millisecond. */
export function listContactMessages(db: Db): ContactMessage[] {
  return db.prepare(NEWEST_FIRST).all() as ContactMessage[];
}

/** Every message, newest first, one row at a time: reports stream however many there are. */
export function iterateContactMessages(db: Db): IterableIterator<ContactMessage> {
  return db.prepare(NEWEST_FIRST).iterate() as IterableIterator<ContactMessage>;
}

export function countContactMessages(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n;
}
