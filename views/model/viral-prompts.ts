/** Viral prompt categories and the curated prompts: the database is seeded from them and the page shows the first category before any request. */
export const CATEGORIES = ['image', 'video', 'text', 'audio'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'image';

/**
 * Curated prompts, written to be used as they are: each names the subject, the style and the
 * technical details a model needs. Order is display order within a category.
 */
export const VIRAL_PROMPT_SEED: Record<Category, readonly string[]> = {
  image: [
    'Ultra-detailed photo of a monsoon street in Connaught Place at dusk, neon reflections on wet tarmac, auto-rickshaws with motion blur, cinematic teal-and-orange grade, 35mm lens, f/1.8, 4:5 aspect ratio.',
    'Studio product shot of a glass perfume bottle on a slab of black marble, single softbox from the left, crisp rim light, water droplets on the glass, minimalist luxury advertising style, 1:1 aspect ratio.',
    'Pixar-style 3D render of a tiny robot watering a bonsai tree on a windowsill, soft morning light, pastel colour palette, shallow depth of field, expressive big eyes, high detail.',
    'Flat-lay of a traditional Indian thali on a banana leaf seen from directly above, natural daylight, vibrant colours, every dish clearly separated, food magazine styling, 4:5 aspect ratio.',
    "Double-exposure portrait of a woman's silhouette blended with a misty Himalayan pine forest, monochrome with a single accent of saffron orange, fine-art poster style.",
    'Isometric illustration of a cosy home office at night: desk lamp, two monitors showing code, a cat asleep on the keyboard, rain on the window, warm and cool light contrast, clean vector style.',
    'Aerial drone photograph of terraced tea gardens in Munnar wrapped in low clouds, early morning haze, lush greens, leading lines of the terraces, National Geographic style, 16:9.',
    'Vintage 1970s Bollywood movie poster for a fictional film about a detective cat, hand-painted style, bold typography area left blank, grainy paper texture, saturated reds and yellows.',
    'Macro photograph of a dewdrop on a marigold petal reflecting a tiny sunrise, extreme detail, soft bokeh background, natural light, 100mm macro lens.',
    'Cyberpunk version of India Gate at night, holographic billboards in Hindi and English, flying vehicles, purple and cyan neon, light rain, ultra-wide angle, highly detailed digital art.',
    'Minimal line-art logo concept for a Delhi coffee roastery: a single continuous line forming a coffee bean and the Qutub Minar, black on off-white, plenty of negative space.',
    'Candid lifestyle photo of friends laughing around a street-food stall in Chandni Chowk, golden-hour backlight, natural skin tones, documentary style, 50mm lens, slight film grain.',
  ],
  video: [
    'A 15-second vertical reel: extreme close-up of dosa batter being spread on a hot tawa, time-lapse of it turning golden, a hand folding it, final slow-motion shot of the first bite; upbeat percussion, on-screen text "3 AM cravings".',
    'Cinematic drone fly-through starting above the clouds and descending onto a Rajasthan fort at sunrise, slow push-in, warm golden grade, orchestral swell, 4K, 20 seconds.',
    'A "day in the life of a Delhi SEO specialist" vlog: seven one-second jump cuts from morning chai to keyword research to client call to rooftop sunset, captions on every cut, trending audio.',
    'Stop-motion video of stationery building a tiny city on a desk: pencils as towers, sticky notes as roads, erasers as cars; 12 frames per second, playful xylophone soundtrack, 20 seconds.',
    'Before-and-after transformation: a cluttered balcony becomes a green reading nook; static tripod shot, snap transition on a beat drop, three quick detail shots, final slow pan, 15 seconds vertical.',
    'An explainer in three scenes, 30 seconds: a confused shop owner with an empty store, a phone showing their shop appearing in local search, the store full of customers; bright flat animation, friendly voice-over.',
    'Slow-motion 120fps shot of holi colours exploding in the air against a deep blue sky, dancers silhouetted, camera orbiting slowly, vivid saturated grade, 10 seconds.',
    'POV video walking through a rainy night market in Hong Kong, handheld gimbal smoothness, neon signs reflected in puddles, ambient city sound, no music, 20 seconds.',
    'Product reveal for wireless earbuds: case opens in darkness, a light sweep reveals the earbuds, particles float around, macro details of the charging pins, bass hit on the logo, 12 seconds.',
    'Relatable comedy skit in four beats: "When the client says make the logo bigger" - the logo grows on screen until it fills the whole frame and pushes the designer out; quick cuts, 20 seconds.',
    'Calm ASMR cooking video: knife slicing fresh vegetables, oil sizzling, overhead camera, soft natural light, no music, close-up audio, 30 seconds, satisfying and slow.',
    'Time-lapse of a Mumbai skyline from day to night, clouds racing, lights switching on building by building, smooth hyperlapse motion along Marine Drive, ambient synth track, 20 seconds.',
  ],
  text: [
    'Act as a senior SEO content strategist. Create a detailed outline for a 2,000-word blog post targeting "best SEO company in Delhi": search intent, H2/H3 structure, FAQs from People Also Ask, internal link ideas and a meta title under 60 characters.',
    'Write ten viral tweet hooks about productivity for freelancers. Each must open with a bold claim or a number, stay under 200 characters and make the reader want to open the thread.',
    'You are a YouTube scriptwriter. Write the first 60 seconds of a video titled "I tried posting every day for 30 days": a hook in the first five seconds, a promise of what viewers will learn, and a pattern interrupt at 30 seconds.',
    'Write a cold email for a web design agency to a local restaurant owner. Keep it under 120 words, mention one specific problem with their current website, offer one quick win and end with a low-pressure question.',
    'Create a 7-day LinkedIn content calendar for a startup founder in India: one post per day with a topic, a hook line, the format (story, carousel, poll) and a call to action.',
    'Explain how search engines rank web pages to a 12-year-old, using an analogy with a school library, in under 250 words, with three short bullet-point takeaways at the end.',
    'Write five Google Ads headlines (30 characters max) and two descriptions (90 characters max) for a dental clinic in Noida offering painless root canal treatment.',
    'Act as a product copywriter. Write an Amazon-style product description for a handmade cotton kurta: a benefit-led title, five bullet points, a short brand story and care instructions.',
    'Generate 20 blog post ideas for a digital marketing agency, grouped into beginner guides, case studies and opinion pieces, each with a working title and the main keyword it targets.',
    'Rewrite the following paragraph so it is clear, friendly and reads at grade 7 level, keeping all the facts: [paste paragraph]. Then list what you changed and why.',
    'Write an Instagram carousel of eight slides titled "5 SEO mistakes killing your local business": a hook slide, one mistake with its fix per slide, a summary slide and a call-to-action slide.',
    'You are a customer support lead. Write three reply templates for an online store - a delayed order, a damaged product and a refund request - each empathetic, specific and under 100 words.',
  ],
  audio: [
    'A 30-second upbeat corporate background track at 110 BPM: clean electric guitar plucks, light claps, warm synth pads, a rising build at 20 seconds and a clean ending for a product demo.',
    'A lo-fi hip hop beat for studying at 75 BPM: dusty vinyl crackle, mellow Rhodes chords, soft boom-bap drums, a gentle sitar melody every eight bars, 2 minutes, seamless loop.',
    'A warm, friendly Indian English female voice-over, 25 seconds, for a food delivery app: conversational pace, a smile in the voice, a short pause before the tagline "Hungry? We are on our way."',
    'A cinematic trailer soundscape, 45 seconds: deep sub-bass hits, ticking clock, rising strings, a silence at 30 seconds followed by a huge percussion impact and a choir swell.',
    'A Bollywood-inspired wedding dance track at 128 BPM: dhol groove, shehnai hook, modern EDM drop, crowd claps and a chant-along chorus, 90 seconds.',
    'Calming meditation audio, 3 minutes: soft Tibetan singing bowls, distant ocean waves, a slow drone in D, a gentle voice guiding breathing - in for four, hold for four, out for six.',
    'A podcast intro, 10 seconds: punchy bass riff, a quick riser and a confident male voice saying "Welcome to Growth Talks, the show about building brands that last".',
    'A retro 8-bit chiptune theme for a mobile game, 140 BPM, bright square-wave melody, bouncing bass line, a short victory jingle variation at the end, 60 seconds loop.',
    'Ambient rain café atmosphere, 5 minutes: steady light rain on a window, muffled conversation, cups clinking, an espresso machine now and then, no music, for focus and relaxation.',
    'An emotional piano piece for a brand story video, 60 seconds, 70 BPM, starting with a single-note motif, adding soft strings at 20 seconds and resolving hopefully at the end.',
    'A radio jingle for a Delhi real-estate brand, 15 seconds: catchy three-note sonic logo, upbeat acoustic guitar, a bright female voice singing the brand name twice.',
    'A sound effect pack for a reel: whoosh transitions, a pop for text appearing, a cash-register ding, a record scratch, a cartoon boing and a soft notification chime, each under one second.',
  ],
};
