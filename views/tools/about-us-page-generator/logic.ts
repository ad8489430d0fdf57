import type { AboutInput, AboutPage, AboutSection } from './rules.ts';

/*
 * The page says only what the visitor typed: every sentence carries one of their own facts
 * (name, description, year, location, story, offerings, audience, values, reasons, contact) in a
 * plain frame. No invented team, history, customers or promises; a short form gives a short page,
 * and the widget says which fields would add sections.
 */

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

function withoutStop(text: string): string {
  return text.replace(/[.!?]+$/, '');
}

function intro(input: AboutInput): AboutSection {
  const paragraphs = [`Welcome to ${input.companyName}. ${sentence(input.description)}`];
  // With a year the location goes into the founding sentence instead.
  if (input.location && !input.foundedYear) paragraphs.push(`${input.companyName} is based in ${input.location}.`);
  return { heading: `About ${input.companyName}`, paragraphs };
}

function story(input: AboutInput): AboutSection | null {
  const { companyName: name, foundedYear: year, location } = input;
  const paragraphs: string[] = [];
  if (year)
    paragraphs.push(location ? `${name} was founded in ${year} in ${location}.` : `${name} was founded in ${year}.`);
  if (input.story) paragraphs.push(sentence(input.story));
  return paragraphs.length > 0 ? { heading: 'Our Story', paragraphs } : null;
}

function offerings(input: AboutInput): AboutSection | null {
  if (input.offerings.length === 0) return null;
  return {
    heading: 'What We Offer',
    paragraphs: [`${input.companyName} offers:`],
    list: input.offerings.map(withoutStop),
  };
}

function audience(input: AboutInput): AboutSection | null {
  if (!input.audience) return null;
  return {
    heading: 'Who We Serve',
    paragraphs: [`${input.companyName} works with ${lowerFirst(withoutStop(input.audience))}.`],
  };
}

function values(input: AboutInput): AboutSection | null {
  if (input.values.length === 0) return null;
  return {
    heading: 'Our Values',
    paragraphs: [`The values ${input.companyName} works by:`],
    list: input.values.map(withoutStop),
  };
}

function reasons(input: AboutInput): AboutSection | null {
  if (input.reasons.length === 0) return null;
  return {
    heading: `Why Choose ${input.companyName}`,
    paragraphs: [`Why customers choose ${input.companyName}:`],
    list: input.reasons.map(withoutStop),
  };
}

function contact(input: AboutInput): AboutSection {
  const line = input.contact
    ? `You can reach ${input.companyName} at ${withoutStop(input.contact)}.`
    : `Get in touch with ${input.companyName} to learn more.`;
  return { heading: 'Get in Touch', paragraphs: [line] };
}

/** Writes the page from the form: the same input always gives the same page. */
export function generateAboutPage(input: AboutInput): AboutPage {
  const sections = [
    intro(input),
    story(input),
    offerings(input),
    audience(input),
    values(input),
    reasons(input),
    contact(input),
  ];
  return {
    title: `About ${input.companyName}`,
    sections: sections.filter((section): section is AboutSection => section !== null),
  };
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Optional fields left empty, by label, so the widget can say what would add a section. */
export function missingDetails(input: AboutInput): string[] {
  const missing: Array<[boolean, string]> = [
    [!input.foundedYear && !input.story, 'founding year or story'],
    [input.offerings.length === 0, 'products or services'],
    [!input.audience, 'customers'],
    [input.values.length === 0, 'values'],
    [input.reasons.length === 0, 'reasons to choose you'],
    [!input.contact, 'contact details'],
  ];
  return missing.filter(([empty]) => empty).map(([, label]) => label);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Paste-ready HTML: the first section is the page's h1, the rest are h2 sections. */
export function aboutPageToHtml(page: AboutPage): string {
  const parts = page.sections.map((section, index) => {
    const tag = index === 0 ? 'h1' : 'h2';
    const lines = [
      `<${tag}>${escapeHtml(section.heading)}</${tag}>`,
      ...section.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ];
    if (section.list) lines.push('<ul>', ...section.list.map((item) => `  <li>${escapeHtml(item)}</li>`), '</ul>');
    return lines.join('\n');
  });
  return `<section class="about-us">\n${parts.join('\n\n')}\n</section>\n`;
}

export function aboutPageToText(page: AboutPage): string {
  return (
    page.sections
      .map((section) =>
        [section.heading, '', ...section.paragraphs, ...(section.list ?? []).map((item) => `- ${item}`)].join('\n'),
      )
      .join('\n\n') + '\n'
  );
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
