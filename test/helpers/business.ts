import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseProfile } from '#server/config/site-profile.ts';
import type { Business } from '#views/business.ts';

/** Path of a test operator's profile file (a business that is not the sample). */
export const operatorProfilePath = fileURLToPath(new URL('../fixtures/profiles/operator.json', import.meta.url));
export const sampleProfilePath = fileURLToPath(new URL('../../docs/profile.example.json', import.meta.url));

function load(path: string): Business {
  const profile = parseProfile(readFileSync(path, 'utf8'));
  if (Array.isArray(profile)) throw new Error(`${path}: ${profile.join('; ')}`);
  const { logo: _logo, ...business } = profile;
  return business;
}

export const operatorBusiness: Business = load(operatorProfilePath);
export const sampleBusiness: Business = load(sampleProfilePath);

/** What identifies the sample business: none of it may appear on a site run with a real profile. */
export function sampleTraces(): string[] {
  const { name, legalName, phone, email, address } = sampleBusiness;
  return [name, legalName, phone, phone.replace(/\D/g, ''), email, address.street, address.postalCode];
}

/** A profile with only the required fields, written to a temp file; returns its path. */
export function minimalProfileFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'profile.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'Acme Search',
      legalName: 'Acme Search Pvt Ltd',
      phone: '011 4000 1234',
      email: 'hi@acme.test',
      address: {
        street: '2 Main Road',
        locality: 'Dwarka',
        city: 'New Delhi',
        region: 'Delhi',
        postalCode: '110075',
        country: 'IN',
      },
    }),
  );
  return file;
}
