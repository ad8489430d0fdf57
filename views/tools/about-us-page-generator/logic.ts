import type { AboutInput, AboutPage, AboutSection } from './rules.ts';
import { DEFAULT_VALUES, describeValue } from './values.ts';

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

function story(input: AboutInput): AboutSection {
  const { companyName: name, foundedYear: year, location } = input;
  const opening =
    year && location
      ? `${name} was founded in ${year} in ${location}.`
      : year
        ? `${name} was founded in ${year}.`
        : location
          ? `${name} started in ${location}.`
          : `${name} started with a small team and a clear idea of the kind of company it wanted to be.`;
  return {
    heading: 'Our Story',
    paragraphs: [
      `${opening} From the first day, the goal was simple: do the work properly, be honest about what it takes, and be easy to work with. Everything we have built since grew out of that idea.`,
      `Like most good businesses, we grew by listening. Early customers told us what they needed, what frustrated them about the alternatives, and what would make their work easier. We took that feedback seriously, changed what did not work and kept what did. That habit of listening is still how we decide what to do next.`,
    ],
  };
}

function whatWeDo(input: AboutInput): AboutSection {
  const place = input.location ? ` from our base in ${input.location}` : '';
  return {
    heading: 'What We Do',
    paragraphs: [
      `${sentence(input.description)} We do this${place} with a team that knows the work well and cares about getting the details right.`,
      `We keep our process clear. We start by understanding what you need, agree on what success looks like, and then deliver it with regular updates along the way. If something changes, you hear it from us first. When the job is done, we stay available for questions and follow-up.`,
    ],
  };
}

function whoWeServe(input: AboutInput): AboutSection {
  const audience = input.audience
    ? `We work with ${lowerFirst(input.audience.replace(/[.!?]$/, ''))}.`
    : 'We work with individuals, growing businesses and established organisations alike.';
  return {
    heading: 'Who We Serve',
    paragraphs: [
      `${audience} Each of them comes to us with different goals, budgets and timelines, so we do not offer one-size-fits-all answers. We take the time to understand each situation and recommend only what will genuinely help.`,
    ],
  };
}

function ourValues(input: AboutInput): AboutSection {
  const values = input.values.length > 0 ? input.values : DEFAULT_VALUES;
  return {
    heading: 'Our Values',
    paragraphs: [`${input.companyName} is guided by a few principles that shape how we work every day:`],
    list: values.map(describeValue),
  };
}

function whyChooseUs(input: AboutInput): AboutSection {
  const list = [
    'Clear communication: you always know where things stand.',
    'Honest advice: we recommend what you need, not what is easiest to sell.',
    'Dependable delivery: we plan carefully and meet the dates we agree.',
    'Lasting relationships: many of our customers have worked with us for years.',
  ];
  if (input.foundedYear) list.unshift(`Experience: we have been doing this since ${input.foundedYear}.`);
  if (input.location) list.push(`Local knowledge: we know ${input.location} and the people who live and work there.`);
  return { heading: 'Why Choose Us', paragraphs: [`There are many options out there. Here is why people choose ${input.companyName}:`], list };
}

function getInTouch(input: AboutInput): AboutSection {
  return {
    heading: 'Get in Touch',
    paragraphs: [
      `We would love to hear from you. Whether you have a question, want to discuss a project or simply want to learn more about ${input.companyName}, reach out and a member of our team will get back to you promptly. Thank you for taking the time to get to know us.`,
    ],
  };
}

/** Writes the page from the form: the same input always gives the same page. */
export function generateAboutPage(input: AboutInput): AboutPage {
  const intro: AboutSection = {
    heading: `About ${input.companyName}`,
    paragraphs: [
      `Welcome to ${input.companyName}. ${sentence(input.description)} This page tells you who we are, how we work and what you can expect when you choose us.`,
    ],
  };
  return {
    title: `About ${input.companyName}`,
    sections: [intro, story(input), whatWeDo(input), whoWeServe(input), ourValues(input), whyChooseUs(input), getInTouch(input)],
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Paste-ready HTML: the first section is the page's h1, the rest are h2 sections. */
export function aboutPageToHtml(page: AboutPage): string {
  const parts = page.sections.map((section, index) => {
    const tag = index === 0 ? 'h1' : 'h2';
    const lines = [`<${tag}>${escapeHtml(section.heading)}</${tag}>`, ...section.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`)];
    if (section.list) lines.push('<ul>', ...section.list.map((item) => `  <li>${escapeHtml(item)}</li>`), '</ul>');
    return lines.join('\n');
  });
  return `<section class="about-us">\n${parts.join('\n\n')}\n</section>\n`;
}

export function aboutPageToText(page: AboutPage): string {
  return (
    page.sections
      .map((section) => [section.heading, '', ...section.paragraphs, ...(section.list ?? []).map((item) => `- ${item}`)].join('\n'))
      .join('\n\n') + '\n'
  );
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
