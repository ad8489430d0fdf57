import { VIRAL_PROMPT_SEED } from '#views/model/viral-prompts.ts';
import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { DEFAULT_CATEGORY } from '#views/model/viral-prompts.ts';
import { STATIC_PROMPTS } from './static-prompts.ts';
import ViralPromptsWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What makes a prompt go viral?',
    answer:
      'Specific subjects, a clear style, and one surprising detail. Good prompts name the camera, lighting or tone, the format (aspect ratio, length) and what to avoid, so the result looks intentional rather than generic.',
  },
  {
    question: 'Which AI tools can I use these prompts with?',
    answer:
      'Image prompts suit Midjourney, DALL-E, Stable Diffusion and similar; video prompts suit text-to-video tools or your own shoot; text prompts work in ChatGPT, Gemini or Claude; audio prompts suit music and voice generators.',
  },
  {
    question: 'How does the prompt generator work?',
    answer:
      'Type a short idea, choose a category and press Generate Prompt. The idea is expanded into a full prompt with the details that category needs: composition and lighting for images, shots and pacing for video, audience and structure for text, tempo and instrumentation for audio.',
  },
  {
    question: 'Can I copy a prompt quickly?',
    answer: 'Yes. Click any prompt to copy it to your clipboard; "Copied!" confirms it for two seconds.',
  },
];

function ViralPromptsPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Viral AI Prompts</h1>
        <p className="lead">
          Curated prompts for AI images, videos, text and audio, plus a generator that turns your idea into a detailed
          prompt.
        </p>
      </header>
      <Island
        name="tools/viral-prompts/Widget"
        component={ViralPromptsWidget}
        props={{
          idPrefix: 'prompts',
          staticPrompts: [...STATIC_PROMPTS],
          initialCategory: DEFAULT_CATEGORY,
          initialPrompts: [...VIRAL_PROMPT_SEED[DEFAULT_CATEGORY]],
        }}
      />
      <section className="prose">
        <h2>Write prompts that get results</h2>
        <p>
          The difference between a forgettable AI output and one people share is almost always the prompt. A strong
          prompt tells the model what to make, how it should look or sound, and in what format. Use the curated prompts
          as they are, remix them with your own subject, or describe an idea and let the generator add the structure.
        </p>
        <h2>Using AI content for marketing</h2>
        <ul>
          <li>Create scroll-stopping visuals and reels for your brand's social media.</li>
          <li>Draft captions, outlines and ad copy faster, then edit them in your own voice.</li>
          <li>Produce jingles, voice-overs and background music for videos.</li>
        </ul>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const viralPromptsPage = definePage({
  path: '/viral-prompts',
  navLabel: 'Viral Prompts',
  title: 'Viral AI Prompts – Image, Video, Text and Audio Prompt Ideas and Generator',
  description:
    'Curated viral AI prompts for images, videos, text and audio, and a free prompt generator that expands your idea into a detailed, ready-to-use prompt.',
  keywords: 'viral ai prompts, midjourney prompts, chatgpt prompts, ai video prompts, prompt generator',
  faq,
  Component: ViralPromptsPage,
});
