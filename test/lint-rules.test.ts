import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

// The house rules are ESLint rules (eslint.config.js). Each boundary is proved by linting a bad
// snippet as if it lived at a given path. Type-aware rules are off here: the snippets are not files.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-unused-vars': 'off' },
    },
  ],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const RESTRICTED = '@typescript-eslint/no-restricted-imports';

test('views/ and client/ never import server/ or db/, in either spelling', async () => {
  for (const [file, code] of [
    ['views/tools/seo-audit/Widget.tsx', "import { loadConfig } from '#server/config/index.ts';\nloadConfig();"],
    ['views/tools/seo-audit/Widget.tsx', "import { openDatabase } from '#db/index.ts';\nopenDatabase(':memory:');"],
    ['views/pages/home/Page.tsx', "import { pages } from '../../../server/pages/routes.ts';\nconsole.log(pages);"],
    ['client/entry.ts', "import { openDatabase } from '../db/index.ts';\nopenDatabase(':memory:');"],
    [
      'views/tools/seo-audit/Widget.tsx',
      "import type { Config } from '#server/config/index.ts';\nexport const x: Config | null = null;",
    ],
  ]) {
    // Relative spellings are also told to use the #alias: at least the boundary message must be there.
    expect(await problems(file, code), `${file}: ${code}`).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${RESTRICTED}: .*never import server/ or db/`))]),
    );
  }
});

test('views/ never imports client/: shared browser helpers live in views/lib', async () => {
  expect(
    await problems(
      'views/tools/seo-audit/Widget.tsx',
      "import { downloadText } from '#client/download.ts';\nconsole.log(downloadText);",
    ),
  ).toEqual([expect.stringMatching(new RegExp(`^${RESTRICTED}: .*views/ never imports client/`))]);
  expect(
    await problems(
      'views/tools/seo-audit/Widget.tsx',
      "import { downloadText } from '#views/lib/download.ts';\nconsole.log(downloadText);",
    ),
  ).toEqual([]);
});

test("a feature's service files never reach into another feature or the HTTP plumbing", async () => {
  expect(
    await problems(
      'server/features/seo-audit/service.ts',
      "import { openEventStream } from '#server/http/sse.ts';\nconsole.log(openEventStream);",
    ),
  ).toEqual([expect.stringMatching(/Services know nothing of HTTP or page serving/)]);
  expect(
    await problems(
      'server/features/seo-audit/service.ts',
      "import { checkRedirects } from '#server/features/redirect-checker/service.ts';\nconsole.log(checkRedirects);",
    ),
  ).toEqual([expect.stringMatching(/A feature reaches another only through server\/lib/)]);
  expect(
    await problems(
      'server/features/seo-audit/router.ts',
      "import { openEventStream } from '#server/http/sse.ts';\nconsole.log(openEventStream);",
    ),
  ).toEqual([]);
});

test('the shared homes in server/http (the admin shell among them) never import a feature', async () => {
  for (const code of [
    "import { inboxSection } from '#server/features/leads/inbox-section.ts';\nconsole.log(inboxSection);",
    "import type { PostsService } from '../../features/posts/service.ts';\nexport type P = PostsService;",
  ])
    expect(await problems('server/http/admin/shell.ts', code), code).toEqual(
      expect.arrayContaining([expect.stringMatching(/server\/http is below the features/)]),
    );
  expect(
    await problems('server/http/admin/shell.ts', "import { sendHtml } from './respond.ts';\nconsole.log(sendHtml);"),
  ).toEqual([]);
});

test('services never import express or views outside views/model, nor HttpError', async () => {
  expect(
    await problems('server/features/seo-audit/service.ts', "import { Router } from 'express';\nRouter();"),
  ).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Services know nothing of HTTP/)]);
  expect(
    await problems(
      'server/features/seo-audit/service.ts',
      "import { auditRequestSchema } from '#views/tools/seo-audit/schema.ts';\nconsole.log(auditRequestSchema);",
    ),
  ).toEqual([expect.stringMatching(/only views\/model/)]);
  expect(
    await problems(
      'server/features/seo-audit/service.ts',
      "import { brand } from '../../../views/brand.ts';\nconsole.log(brand);",
    ),
  ).toEqual(expect.arrayContaining([expect.stringMatching(/only views\/model/)]));
  expect(
    await problems(
      'server/features/seo-audit/service.ts',
      "import { HttpError } from '#server/http/http-error.ts';\nthrow new HttpError(400, 'x');",
    ),
  ).toEqual([expect.stringMatching(/domain errors/)]);
  expect(
    await problems(
      'server/features/seo-audit/service.ts',
      "import { RECOMMENDATIONS } from '#views/model/seo-audit.ts';\nconsole.log(RECOMMENDATIONS);",
    ),
  ).toEqual([]);
  expect(
    await problems(
      'db/viral-prompts.ts',
      "import { STATIC_PROMPTS } from '#views/tools/viral-prompts/static-prompts.ts';\nconsole.log(STATIC_PROMPTS);",
    ),
  ).toEqual([expect.stringMatching(/only views\/model/)]);
});

test('islands and everything else the browser may load never import zod; API schemas may', async () => {
  const zod = "import { z } from 'zod';\nexport const s = z.string();";
  for (const file of [
    'views/tools/seo-audit/Widget.tsx',
    'views/tools/youtube-tags/VideoTagsForm.tsx',
    'views/tools/seo-audit/logic.ts',
    'views/model/plans.ts',
    'client/entry.ts',
  ]) {
    expect(await problems(file, zod), file).toEqual([expect.stringMatching(/zod stays on the server/)]);
  }
  expect(await problems('views/tools/seo-audit/schema.ts', zod)).toEqual([]);
  expect(await problems('views/pages/shared/form-schema.ts', zod)).toEqual([]);
  expect(
    await problems('views/tools/seo-audit/Widget.tsx', "import type { z } from 'zod';\nexport type S = z.ZodString;"),
  ).toEqual([]);
});

test('views/model imports nothing but views/model', async () => {
  expect(await problems('views/model/plans.ts', "import { useState } from 'react';\nconsole.log(useState);")).toEqual([
    expect.stringMatching(/data and types only/),
  ]);
  expect(
    await problems('views/model/plans.ts', "import { Faq } from '#views/components/Faq.tsx';\nconsole.log(Faq);"),
  ).toEqual([expect.stringMatching(/nothing outside views\/model/)]);
  expect(
    await problems('views/model/plans.ts', "import { readFileSync } from 'node:fs';\nconsole.log(readFileSync);"),
  ).toEqual([expect.stringMatching(/browser too/)]);
});

test('islands call the API only through the request helper', async () => {
  expect(
    await problems('views/tools/seo-audit/Widget.tsx', "export async function go() { return fetch('/api/x'); }"),
  ).toEqual([expect.stringMatching(/^no-restricted-globals: .*request-json/)]);
  expect(await problems('client/directories.ts', "export async function go() { return fetch('/api/x'); }")).toEqual([
    expect.stringMatching(/^no-restricted-globals/),
  ]);
});

test('imports across top-level folders use the #alias, and type-only imports say so', async () => {
  expect(
    await problems(
      'server/features/seo-audit/router.ts',
      "import { parseOr400 } from '../../server/http/validation.ts';\nconsole.log(parseOr400);",
    ),
  ).toEqual([expect.stringMatching(/alias/)]);
  expect(
    await problems(
      'server/config/site-profile.ts',
      "import sample from '../../docs/profile.example.json' with { type: 'json' };\nconsole.log(sample);",
    ),
  ).toEqual([]);
  expect(await problems('server/app.ts', "import { brand } from '../views/brand.ts';\nconsole.log(brand);")).toEqual([
    expect.stringMatching(/alias for another top-level folder/),
  ]);
  expect(
    await problems(
      'server/api/x.ts',
      "import { AppDeps } from '#server/deps.ts';\nexport const f = (deps: AppDeps) => deps;",
    ),
  ).toEqual([expect.stringMatching(/^@typescript-eslint\/consistent-type-imports/)]);
  expect(
    await problems(
      'server/api/x.ts',
      "import type { AppDeps } from '../deps.ts';\nexport const f = (deps: AppDeps) => deps;",
    ),
  ).toEqual([]);
});

test('only server/config reads process.env', async () => {
  expect(
    await problems('server/features/seo-audit/router.ts', 'export const key = process.env.PAGESPEED_API_KEY;'),
  ).toEqual([expect.stringMatching(/^no-restricted-properties: .*server\/config/)]);
  expect(await problems('server/config/page-speed.ts', 'export const key = process.env.PAGESPEED_API_KEY;')).toEqual(
    [],
  );
});

test('a feature keeps no clock of its own: periodic work is a repeatable job, a wait for a job uses its events', async () => {
  const timer = 'const timer = setInterval(() => undefined, 60_000);\nclearInterval(timer);';
  expect(await problems('server/features/posts/index.ts', timer)).toEqual([
    expect.stringMatching(/^no-restricted-globals: .*repeatable job of the job system/),
  ]);
  // The job system itself keeps the clocks (its slots, the fallback read of a job's state).
  expect(await problems('server/lib/jobs/outcome.ts', timer)).toEqual([]);
});
