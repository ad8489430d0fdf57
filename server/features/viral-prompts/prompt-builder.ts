import type { Category } from '#views/model/viral-prompts.ts';

/**
 * The deterministic prompt builder: turns a short idea into a full prompt with the details each
 * kind of model responds to. Choices between styles come from a hash of the idea, so the same idea
 * always gives the same prompt while different ideas do not all read alike.
 */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text.toLowerCase()) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 16777619) >>> 0;
  }
  return value;
}

function pick<T>(options: readonly T[], seed: number, salt: number): T {
  return options[(seed >>> (salt * 3)) % options.length];
}

/** "a cat surfing at sunset." -> "a cat surfing at sunset" */
export function cleanIdea(input: string): string {
  return input
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?;,:]+$/, '');
}

const IMAGE_STYLES = [
  'hyper-realistic photograph',
  'cinematic film still',
  'detailed digital painting',
  'editorial magazine photo',
  'soft 3D render',
];
const IMAGE_LIGHT = [
  'golden-hour sunlight with long soft shadows',
  'dramatic side lighting with deep contrast',
  'soft diffused daylight',
  'moody neon glow with reflections',
  'warm practical lights in a dim scene',
];
const IMAGE_LENS = ['35mm lens at f/1.8', '50mm lens at f/2', '85mm portrait lens at f/1.4', 'wide 24mm lens at f/4'];
const IMAGE_PALETTE = [
  'warm oranges and teal',
  'muted earth tones',
  'vivid saturated colours',
  'pastel tones',
  'deep blues with a single warm accent',
];

function imagePrompt(idea: string, seed: number): string {
  return [
    `Create a ${pick(IMAGE_STYLES, seed, 0)} of ${idea}.`,
    `Composition: the main subject sharp and placed on the rule-of-thirds line, a clean uncluttered background, and one foreground element for depth.`,
    `Lighting: ${pick(IMAGE_LIGHT, seed, 1)}. Camera: ${pick(IMAGE_LENS, seed, 2)}, shallow depth of field.`,
    `Colour palette: ${pick(IMAGE_PALETTE, seed, 3)}. Mood: striking and shareable, with one surprising detail that rewards a second look.`,
    'Quality: highly detailed, natural textures, realistic proportions. Aspect ratio 4:5 for social feeds.',
    'Avoid: text, watermarks, logos, distorted hands or faces, over-saturated skin.',
  ].join('\n');
}

const VIDEO_OPENERS = [
  'an extreme close-up that reveals the subject slowly',
  'a fast whip-pan straight into the action',
  'a surprising question shown as bold on-screen text',
  'a slow-motion moment frozen for a beat',
];
const VIDEO_CAMERA = [
  'smooth gimbal tracking shots',
  'a locked-off tripod shot with snap cuts',
  'handheld documentary movement',
  'slow cinematic push-ins',
];
const VIDEO_AUDIO = [
  'a trending upbeat track with cuts on the beat',
  'ambient natural sound with no music',
  'a calm lo-fi track',
  'punchy percussion that builds to a drop',
];

function videoPrompt(idea: string, seed: number): string {
  return [
    `Create a 20-second vertical (9:16) video about ${idea}.`,
    `Hook (0-2 s): ${pick(VIDEO_OPENERS, seed, 0)}.`,
    'Shots (2-16 s): four quick shots, each 3-4 seconds, each showing a new angle or step of the idea; keep the subject centred for mobile screens.',
    `Camera: ${pick(VIDEO_CAMERA, seed, 1)}. Pacing: a cut at least every 4 seconds, no dead air.`,
    'Ending (16-20 s): a satisfying payoff shot and a one-line call to action as on-screen text.',
    `Audio: ${pick(VIDEO_AUDIO, seed, 2)}. Captions on every spoken line, high-contrast text in the safe area.`,
  ].join('\n');
}

const TEXT_ROLES = [
  'an expert copywriter',
  'a senior content strategist',
  'a viral social media writer',
  'a clear, friendly teacher',
];
const TEXT_TONES = ['confident and conversational', 'warm and encouraging', 'witty but useful', 'direct and practical'];

function textPrompt(idea: string, seed: number): string {
  return [
    `Act as ${pick(TEXT_ROLES, seed, 0)}. Write about: ${idea}.`,
    'Audience: busy readers who decide within two seconds whether to keep reading; assume no prior knowledge.',
    `Tone: ${pick(TEXT_TONES, seed, 1)}. Use short sentences, plain words and the second person.`,
    'Structure: a scroll-stopping first line, three key points each with a concrete example or number, and a closing call to action.',
    'Length: 150-250 words. Format with a bold headline and short paragraphs; add three relevant hashtags at the end.',
    'Avoid: clichés, filler phrases, claims you cannot support.',
  ].join('\n');
}

const AUDIO_GENRES = [
  'lo-fi hip hop',
  'upbeat pop',
  'cinematic orchestral',
  'Indian fusion with tabla and sitar',
  'ambient electronic',
];
const AUDIO_TEMPO = ['75 BPM', '90 BPM', '110 BPM', '128 BPM'];
const AUDIO_MOODS = ['uplifting', 'calm and focused', 'energetic', 'nostalgic', 'mysterious'];

function audioPrompt(idea: string, seed: number): string {
  return [
    `Compose a 30-second ${pick(AUDIO_GENRES, seed, 0)} piece inspired by ${idea}.`,
    `Tempo: ${pick(AUDIO_TEMPO, seed, 1)}. Mood: ${pick(AUDIO_MOODS, seed, 2)}.`,
    'Structure: a 4-second intro that sets the mood, a memorable main hook by second 8, a build from second 18, and a clean ending that can loop.',
    'Instrumentation: one lead melody instrument, a warm bass line, light percussion, and a subtle texture layer for depth.',
    'Mix: clear and balanced for phone speakers, lead melody forward, no clipping; leave space for a voice-over.',
  ].join('\n');
}

const BUILDERS: Record<Category, (idea: string, seed: number) => string> = {
  image: imagePrompt,
  video: videoPrompt,
  text: textPrompt,
  audio: audioPrompt,
};

export function buildPrompt(input: string, category: Category): string {
  const idea = cleanIdea(input);
  return BUILDERS[category](idea, hash(`${category}:${idea}`));
}
