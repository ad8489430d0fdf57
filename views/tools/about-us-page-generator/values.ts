/** One sentence per well-known company value; anything else gets the general sentence below. */
const KNOWN: Record<string, string> = {
  integrity: 'we do what we say, and we say so early when something changes.',
  honesty: 'we give straight answers, even when the honest answer is not the one people hoped for.',
  transparency: 'clients can see what we are doing, why we are doing it and what it costs.',
  quality: 'we would rather do fewer things properly than many things halfway.',
  excellence: 'we hold our work to a standard we would be happy to show anyone.',
  innovation: 'we keep testing better ways of working instead of repeating what worked last year.',
  reliability: 'deadlines and promises are commitments, not estimates.',
  respect: 'we treat customers, partners and each other the way we would like to be treated.',
  teamwork: 'the best results come from people who share what they know.',
  accountability: 'when something goes wrong we own it and fix it.',
  sustainability: 'we make choices that still look sensible in ten years, for people and for the planet.',
  'customer focus': 'every decision starts with what is best for the people we serve.',
  'customer first': 'every decision starts with what is best for the people we serve.',
  simplicity: 'we remove complexity so that our customers do not have to deal with it.',
  trust: 'we earn it slowly, one kept promise at a time, and we protect it.',
  passion: 'we care about the craft, and it shows in the details.',
  creativity: 'we look for the idea that fits the problem, not the one that fits a template.',
  community: 'we invest in the places and people around us.',
  'continuous improvement': 'every project ends with a look at what we can do better on the next one.',
};

export const DEFAULT_VALUES = ['Integrity', 'Quality', 'Customer focus', 'Continuous improvement'];

export function describeValue(value: string): string {
  const sentence = KNOWN[value.toLowerCase()];
  if (sentence) return `${value}: ${sentence}`;
  return `${value}: we treat ${value.toLowerCase()} as part of everyday work, not a slogan on a wall.`;
}
