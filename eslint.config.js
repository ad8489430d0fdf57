// ESLint flat config: recommended rules plus the house rules as rules (docs/decisions/0015).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A restricted import: a message and a regex over the specifier, both spellings covered. */
const banned = (regex, message) => ({ regex, message });

const SERVER_OR_DB = [
  banned(
    '^#(server|db)/',
    'views/ and client/ run in the browser: they never import server/ or db/ (docs/decisions/0014).',
  ),
  banned(
    '^(\\.\\./)+(server|db)/',
    'views/ and client/ run in the browser: they never import server/ or db/ (docs/decisions/0014).',
  ),
];
// Islands and pages are views; client/ holds only the page-level scripts the build bundles on their own.
const CLIENT = [
  banned('^#client/', 'views/ never imports client/: shared browser helpers live in views/lib.'),
  banned('^(\\.\\./)+client/', 'views/ never imports client/: shared browser helpers live in views/lib.'),
];
const ALIAS_ACROSS_FOLDERS = [
  // docs/ has no alias (the sample business profile is read from there).
  banned(
    '^\\.\\./\\.\\./(?!(\\.\\./)*docs/)',
    'Use the #server/ #views/ #client/ #db/ #test/ alias instead of climbing two or more folders.',
  ),
  banned('^\\.\\./(server|views|client|db|test|scripts)/', 'Use the #alias for another top-level folder.'),
];
const VIEWS_OUTSIDE_MODEL = [
  banned('^#views/(?!model/)', 'Services and db import only views/model from views/ (docs/decisions/0014).'),
  banned('^(\\.\\./)+views/(?!model/)', 'Services and db import only views/model from views/ (docs/decisions/0014).'),
];
const NO_ZOD = {
  name: 'zod',
  message: "zod stays on the server (docs/decisions/0005): use the tool's rules.ts in browser code.",
  allowTypeImports: true,
};

function restrict({ paths = [], patterns = [] }) {
  return ['error', { paths, patterns: [...ALIAS_ACROSS_FOLDERS, ...patterns] }];
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': restrict({}),
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['views/**', 'client/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({ patterns: SERVER_OR_DB }),
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through views/lib/request-json.ts.' }],
    },
  },
  {
    // Everything in views/ and client/ may reach the browser except the API's zod schemas.
    files: ['views/**', 'client/**'],
    ignores: ['views/**/*schema.ts', 'views/**/*.test.ts', 'views/**/*.test.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict({ paths: [NO_ZOD], patterns: SERVER_OR_DB }) },
  },
  {
    files: ['views/**'],
    ignores: ['views/**/*schema.ts', 'views/**/*.test.ts', 'views/**/*.test.tsx', 'views/model/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({ paths: [NO_ZOD], patterns: [...SERVER_OR_DB, ...CLIENT] }),
    },
  },
  {
    files: ['views/model/**'],
    ignores: ['views/model/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        paths: [NO_ZOD, { name: 'react', message: 'views/model holds data and types only.' }],
        patterns: [
          ...SERVER_OR_DB,
          banned('^#(views|client)/(?!model/)', 'views/model imports nothing outside views/model.'),
          banned('^node:', 'views/model must run in the browser too.'),
        ],
      }),
    },
  },
  {
    // Configuration is parsed once at boot (docs/decisions/0010): nothing else reads the environment.
    files: ['server/**', 'views/**', 'client/**', 'db/**'],
    ignores: ['server/config/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from config (server/config/), parsed once at boot.',
        },
      ],
    },
  },
  {
    files: ['views/lib/request-json.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // A feature's service files and the shared machinery in server/lib: everything but the HTTP
    // edge (routers, the composition point in index.ts) speaks the domain, not HTTP.
    files: ['server/features/**', 'server/lib/**'],
    // An admin section (*-section.ts) is a feature's routes in the admin shell: HTTP edge like the routers.
    ignores: [
      'server/features/**/router.ts',
      'server/features/**/*-router.ts',
      'server/features/**/*-section.ts',
      'server/features/**/index.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        paths: [
          {
            name: 'express',
            message:
              'Services know nothing of HTTP: take plain values, throw domain errors (server/lib/domain-errors.ts).',
          },
          {
            name: '#server/http/http-error.ts',
            message: 'Services throw domain errors (server/lib/domain-errors.ts); the API layer maps them to HTTP.',
          },
        ],
        patterns: [
          banned('^express/', 'Services know nothing of HTTP.'),
          banned(
            '^#server/(http/(?!http-error\\.ts$)|pages/)',
            'Services know nothing of HTTP or page serving: take plain values, throw domain errors (server/lib/domain-errors.ts).',
          ),
          banned(
            '^#server/features/',
            'A feature reaches another only through server/lib (shared machinery) or its index.ts.',
          ),
          ...VIEWS_OUTSIDE_MODEL,
        ],
      }),
    },
  },
  {
    // The shared homes in server/http (the plumbing, the admin shell) sit below the features: a
    // feature plugs in (an admin section, an API router), the home never imports a feature.
    files: ['server/http/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        patterns: [
          banned(
            '^#server/features/',
            'server/http is below the features: features plug into it, never the other way.',
          ),
          banned(
            '^(\\.\\./)+features/',
            'server/http is below the features: features plug into it, never the other way.',
          ),
        ],
      }),
    },
  },
  {
    // Periodic work is a repeatable job of the job system, and a wait for a job's end is
    // followJob/waitForOutcome (server/lib/jobs, docs/decisions/0049): no feature keeps a clock of its own.
    files: ['server/features/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'setInterval',
          message:
            'Periodic work is a repeatable job of the job system; a wait for a job uses followJob/waitForOutcome (server/lib/jobs, docs/decisions/0049).',
        },
      ],
    },
  },
  {
    files: ['db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict({ patterns: VIEWS_OUTSIDE_MODEL }) },
  },
  {
    // Configuration sits below the features: loading it must not load one (docs/decisions/0052).
    files: ['server/config/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        patterns: [
          banned('^#server/features/', 'Configuration imports no feature: keep its defaults in server/config.'),
        ],
      }),
    },
  },
  {
    // The one type-aware rule: a forgotten await loses errors and ordering.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
