import request from 'supertest';
import { expect } from 'vitest';
import { LOG_FILES_JOB } from '#server/features/log-files/index.ts';
import type { JobState } from '#server/lib/jobs/index.ts';
import type { TestApp } from './app.ts';
import { appJobEnded } from './app-jobs.ts';

/** The log's job once it has ended (its completion event, or its state when it ended before the watch began). */
export function logEnded(made: TestApp, id: string): Promise<JobState | undefined> {
  return appJobEnded(made, LOG_FILES_JOB, id);
}

/** Uploads files (name → content) and waits for the analysis; answers the log's view. */
export async function uploadLog(
  made: TestApp,
  files: Record<string, string | Buffer>,
  fields: Record<string, string> = {},
  agent = request.agent(made.app),
) {
  let req = agent.post('/api/log-files');
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const [name, content] of Object.entries(files)) req = req.attach('file', Buffer.from(content), name);
  const res = await req;
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = res.body.id as string;
  await logEnded(made, id);
  const view = await agent.get(`/api/log-files/${id}`);
  expect(view.status).toBe(200);
  return { id, agent, view: view.body };
}
