/** The four fixed prompts shown above the category list, one per kind of model. */
export const STATIC_PROMPTS: readonly string[] = [
  'Create a hyper-realistic photo of a chai seller in Old Delhi at golden hour, steam rising from the kettle, shallow depth of field, 85mm lens, warm cinematic colour grading, 4:5 aspect ratio.',
  'Write a 30-second vertical video script that hooks viewers in the first two seconds with a surprising fact, shows three quick before-and-after shots, and ends with a one-line call to action.',
  'Act as a senior copywriter. Write five scroll-stopping Instagram captions for a small Indian bakery launching eggless cakes, each under 150 characters, with one emoji and a clear call to action.',
  'Compose a 20-second upbeat lo-fi jingle at 90 BPM with soft tabla, warm electric piano and a catchy four-note hook that can loop under a product reel.',
];
