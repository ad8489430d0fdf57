import { setPriority } from 'node:os';
import { imageSizes } from '#db/posts.ts';
import { BusyError, InvalidInputError, NotPossibleError } from '#server/lib/domain-errors.ts';
import { createAwaitedJobs } from '#server/lib/jobs/awaited.ts';
import { defineJob, type JobDeps, type Jobs } from '#server/lib/jobs/index.ts';
import { imageIdsIn, MarkdownLimitError, renderMarkdown, type RenderedMarkdown } from './markdown.ts';

/*
 * Markdown from the admin (the preview, a save, an import) is rendered in a job thread with a time
 * budget (docs/decisions/0051): the nesting limits keep the work linear in the text, and the thread
 * keeps whatever the parser still does slowly off the event loop that serves pages and /healthz.
 */

export const MARKDOWN_RENDER_JOB = 'markdown-render';
/** From the parser's start to the answer: past it the render is cancelled and the save or preview refused (422). */
export const MARKDOWN_RENDER_BUDGET_MS = 10_000;
/** For a free job thread (the queue, a thread's start): past it the render is cancelled and refused as busy (503). */
export const MARKDOWN_RENDER_START_MS = 30_000;
/** Renders this process waits for at once (one operator writes at a time); past it the next is refused as busy. */
export const MARKDOWN_RENDERS_WAITING = 8;

export interface MarkdownRenderInput {
  markdown: string;
}

/** Sent once, just before the parser starts: the render is under way in the thread. */
export interface MarkdownRenderProgress {
  rendering: true;
}

export type MarkdownRenderResult = { rendered: RenderedMarkdown } | { refused: string };

/**
 * Linux keeps a nice value per thread: this job thread yields its core to the thread that serves
 * pages whenever both want it (elsewhere the call would lower the whole process, so it is not made).
 */
function yieldToPages(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(10);
  } catch {
    // Not allowed here: the render runs at the normal priority.
  }
}

export const markdownRenderJob = defineJob<MarkdownRenderInput, MarkdownRenderProgress, MarkdownRenderResult, JobDeps>({
  name: MARKDOWN_RENDER_JOB,
  // One operator writes at a time; one thread leaves the other core to the pages (and /healthz).
  concurrency: 1,
  // Someone waits for it: a try cut off by a restart is not tried again for nobody.
  attempts: 1,
  backoffMs: 0,
  progressIntervalMs: 0,
  // The result is read once, at once, by the waiting request.
  retentionMs: 60_000,
  // A post is at most 100,000 characters: a thread that needs more than this is not rendering a post.
  heapLimitMb: 256,
  async run(job, deps) {
    yieldToPages();
    const known = await imageSizes(deps.db, imageIdsIn(job.input.markdown));
    job.progress({ rendering: true });
    try {
      return { rendered: renderMarkdown(job.input.markdown, known) };
    } catch (error) {
      if (error instanceof MarkdownLimitError) return { refused: error.message };
      throw error;
    }
  },
});

/** Renders Markdown in a job thread within the budget: the service's renderer in the running site. */
export function jobRenderer(
  jobs: Jobs,
  { budgetMs = MARKDOWN_RENDER_BUDGET_MS, startWithinMs = MARKDOWN_RENDER_START_MS } = {},
) {
  const busy = () => new BusyError('The Markdown renderer is busy: try again in a moment.', 5);
  // The request side of the job (server/lib/jobs/awaited.ts): the budget runs from the progress the
  // job sends just before the parser starts, so a busy queue or a thread's start is not counted.
  const awaited = createAwaitedJobs({
    jobs,
    name: MARKDOWN_RENDER_JOB,
    maxPending: MARKDOWN_RENDERS_WAITING,
    queueWaitMs: startWithinMs,
    tryMs: budgetMs,
    resultSlackMs: 0,
    busy,
    timedOut: () =>
      new NotPossibleError(
        `Rendering this text took longer than ${budgetMs / 1000} seconds, the limit; shorten it or split its longest paragraphs.`,
      ),
    cancelled: busy,
  });
  return async function render(markdown: string): Promise<RenderedMarkdown> {
    let result: MarkdownRenderResult;
    try {
      result = (await awaited.run(() => ({ markdown }))) as MarkdownRenderResult;
    } catch (error) {
      if (error instanceof NotPossibleError || error instanceof BusyError) throw error;
      throw new NotPossibleError(`The text could not be rendered: ${error instanceof Error ? error.message : ''}`);
    }
    if ('refused' in result) throw new InvalidInputError(result.refused);
    return result.rendered;
  };
}
