import { expect, test } from 'vitest';
import { apacheRules, nginxRules, regexLiteral, ruleNotes } from './server-rules.ts';

/** Old URLs with regex characters, a query string, spaces, quotes, `$`, non-ASCII, and a second host. */
const RULE_PAIRS = [
  { from: 'https://old.example/about-us.html', to: 'https://new.example/about' },
  { from: 'https://old.example/shop?id=3&c=a+b', to: 'https://new.example/shop/3' },
  { from: 'https://old.example/price%20(2024)/[a]$', to: 'https://new.example/prices?y=2024' },
  { from: 'https://old.example/caf%C3%A9%20%22x%22', to: 'https://new.example/caf%C3%A9/100%25' },
  { from: 'http://blog.example/2019/01/post', to: 'https://new.example/blog/post' },
  { from: 'https://old.example/about-us.html', to: 'https://new.example/listed-twice' },
];

test('nginx: exact-match locations with quoted literal paths, server-level ifs for query strings, per host', () => {
  expect(nginxRules(RULE_PAIRS).split('\n')).toEqual([
    '# old.example: paste inside the server { } block that serves old.example.',
    'if ($request_uri = "/shop?id=3&c=a+b") { return 301 "https://new.example/shop/3"; }',
    'location = "/about-us.html" { return 301 "https://new.example/about"; }',
    'location = "/price (2024)/[a]$" { return 301 "https://new.example/prices?y=2024"; }',
    'location = "/café \\"x\\"" { return 301 "https://new.example/caf%C3%A9/100%25"; }',
    '',
    '# blog.example: paste inside the server { } block that serves blog.example.',
    'location = "/2019/01/post" { return 301 "https://new.example/blog/post"; }',
    '',
  ]);
  // `$` starts a variable in return: it is percent-encoded there. A string in `if` cannot hold one
  // either, and `%24` would never equal the `$` a client sends: the query is matched as a regex.
  expect(nginxRules([{ from: 'https://o.example/a?x=$1', to: 'https://n.example/$b' }])).toContain(
    'if ($request_uri ~ "^/a\\\\?x=\\\\$1$") { return 301 "https://n.example/%24b"; }',
  );
  expect(nginxRules([])).toBe('');
});

test('Apache: anchored RewriteRules with every regex character escaped, query conditions first, NE and QSD', () => {
  expect(apacheRules(RULE_PAIRS).split('\n')).toEqual([
    '# old.example: paste into the <VirtualHost> for old.example, or its root .htaccess.',
    'RewriteEngine On',
    'RewriteCond %{QUERY_STRING} ^id=3&c=a\\+b$',
    'RewriteRule ^/?shop$ https://new.example/shop/3 [R=301,L,NE,QSD]',
    'RewriteRule ^/?about-us\\.html$ https://new.example/about [R=301,L,NE]',
    'RewriteRule ^/?price\\x20\\(2024\\)/\\[a\\]\\$$ https://new.example/prices?y=2024 [R=301,L,NE]',
    'RewriteRule ^/?caf\\xc3\\xa9\\x20\\x22x\\x22$ https://new.example/caf\\%C3\\%A9/100\\%25 [R=301,L,NE]',
    '',
    '# blog.example: paste into the <VirtualHost> for blog.example, or its root .htaccess.',
    'RewriteEngine On',
    'RewriteRule ^/?2019/01/post$ https://new.example/blog/post [R=301,L,NE]',
    '',
  ]);
});

test('regexLiteral escapes every PCRE metacharacter and turns spaces, quotes and # into \\x escapes', () => {
  expect(regexLiteral('a.b*c+d?e^f$g|h(i)j[k]l{m}n\\o')).toBe(
    'a\\.b\\*c\\+d\\?e\\^f\\$g\\|h\\(i\\)j\\[k\\]l\\{m\\}n\\\\o',
  );
  expect(regexLiteral(`a b"c'd#e\tf`)).toBe('a\\x20b\\x22c\\x27d\\x23e\\x09f');
  // Every escaped literal matches exactly itself.
  const text = 'x.(y)[z]{1}+?*^$|\\ "#';
  expect(new RegExp(`^${regexLiteral(text)}$`).test(text)).toBe(true);
  expect(new RegExp(`^${regexLiteral(text)}$`).test(text.replace('.', 'Q'))).toBe(false);
});

test('structure: nginx braces and quotes balance and every statement ends in ;, Apache lines have their fields', () => {
  const nginx = nginxRules(RULE_PAIRS);
  const unquoted = nginx.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  expect(unquoted.split('{').length).toBe(unquoted.split('}').length);
  for (const line of unquoted.split('\n').filter((l) => l && !l.startsWith('#')))
    expect(line).toMatch(/^(location = "" \{ return 301 ""; \}|if \(\$request_uri = ""\) \{ return 301 ""; \})$/);
  for (const line of apacheRules(RULE_PAIRS)
    .split('\n')
    .filter((l) => l && !l.startsWith('#')))
    expect(line).toMatch(
      /^(RewriteEngine On|RewriteCond %\{QUERY_STRING\} \^\S+\$|RewriteRule \^\/\?\S*\$ \S+ \[R=301,L,NE(,QSD)?\])$/,
    );
});

const rules = (write: typeof nginxRules, from: string, to = 'https://new.example/x') =>
  write([{ from, to }])
    .split('\n')
    .filter((line) => line && !line.startsWith('#') && line !== 'RewriteEngine On');

test('Apache: $ and \\ in the new URL are percent-encoded, so ${NAME} is never expanded and the flags stay flags', () => {
  expect(rules(apacheRules, 'https://old.example/a', 'https://new.example/p?x=${HOME}&y=\\')).toEqual([
    'RewriteRule ^/?a$ https://new.example/p?x=\\%24{HOME}&y=\\%5C [R=301,L,NE]',
  ]);
  expect(rules(apacheRules, 'https://old.example/a', 'https://new.example/?q=a\\')).toEqual([
    'RewriteRule ^/?a$ https://new.example/?q=a\\%5C [R=301,L,NE]',
  ]);
});

test('paths a location cannot spell: nginx matches the raw request; Apache matches decoded bytes or the request line', () => {
  // A control character and a byte that is not UTF-8 text, once decoded.
  expect(rules(nginxRules, 'https://old.example/c%01')).toEqual([
    'if ($request_uri ~ "^/c%01(\\\\?|$)") { return 301 "https://new.example/x"; }',
  ]);
  expect(rules(apacheRules, 'https://old.example/c%01')).toEqual([
    'RewriteRule ^/?c\\x01$ https://new.example/x [R=301,L,NE]',
  ]);
  expect(rules(apacheRules, 'https://old.example/h%FF')).toEqual([
    'RewriteRule ^/?h\\xff$ https://new.example/x [R=301,L,NE]',
  ]);
  // Repeated slashes: both servers merge them before matching a path.
  expect(rules(nginxRules, 'https://old.example/d//e.html')).toEqual([
    'if ($request_uri ~ "^/d//e\\\\.html(\\\\?|$)") { return 301 "https://new.example/x"; }',
  ]);
  expect(rules(apacheRules, 'https://old.example/d//e.html?p=1')).toEqual([
    'RewriteCond %{THE_REQUEST} ^\\S+\\s/d//e\\.html\\?p=1\\s',
    'RewriteRule ^ https://new.example/x [R=301,L,NE,QSD]',
  ]);
  // nginx decodes %2F to a slash; Apache refuses it (404) before any rule.
  expect(rules(nginxRules, 'https://old.example/f%2Fg')).toEqual([
    'if ($request_uri ~ "^/f%2Fg(\\\\?|$)") { return 301 "https://new.example/x"; }',
  ]);
  expect(rules(apacheRules, 'https://old.example/f%2Fg')).toEqual([]);
  expect(ruleNotes({ from: 'https://old.example/f%2Fg', to: 'https://new.example/x' })).toEqual([
    'No Apache rule: Apache answers 404 to a path with an encoded slash (%2F) before any rule runs, unless the server sets AllowEncodedSlashes.',
  ]);
});

test('rule order: exact queries, then raw requests, then plain paths, whatever the list order', () => {
  const pairs = [
    { from: 'https://old.example/d/e', to: 'https://new.example/1' },
    { from: 'https://old.example/d//e', to: 'https://new.example/2' },
    { from: 'https://old.example/d/e?x=1', to: 'https://new.example/3' },
  ];
  expect(apacheRules(pairs).split('\n').slice(2)).toEqual([
    'RewriteCond %{QUERY_STRING} ^x=1$',
    'RewriteRule ^/?d/e$ https://new.example/3 [R=301,L,NE,QSD]',
    'RewriteCond %{THE_REQUEST} ^\\S+\\s/d//e[\\s?]',
    'RewriteRule ^ https://new.example/2 [R=301,L,NE]',
    'RewriteRule ^/?d/e$ https://new.example/1 [R=301,L,NE]',
    '',
  ]);
  expect(nginxRules(pairs).split('\n').slice(1)).toEqual([
    'if ($request_uri = "/d/e?x=1") { return 301 "https://new.example/3"; }',
    'if ($request_uri ~ "^/d//e(\\\\?|$)") { return 301 "https://new.example/2"; }',
    'location = "/d/e" { return 301 "https://new.example/1"; }',
    '',
  ]);
});

test('rows no server could ever pass to a rule get no rule and a note saying why', () => {
  const long = `https://old.example/${'%C3%A9'.repeat(1400)}`;
  for (const [from, why] of [
    ['https://old.example/a%00b', 'its path holds an encoded NUL, %00 (nginx answers 400, Apache 404)'],
    ['https://old.example/a%zz', 'its path has a % that is not followed by two hex digits (both answer 400)'],
    [long, 'at 8,401 bytes it is longer than the 8,178 a request line leaves for it (both answer 414)'],
  ]) {
    expect(nginxRules([{ from, to: 'https://new.example/x' }]), from).toBe('');
    expect(apacheRules([{ from, to: 'https://new.example/x' }]), from).toBe('');
    expect(ruleNotes({ from, to: 'https://new.example/x' })).toEqual([
      `No rule: nginx and Apache refuse this old URL before any rule runs: ${why}.`,
    ]);
  }
  // Only the rows that can match are written.
  expect(rules(nginxRules, 'https://old.example/ok')).toHaveLength(1);
  expect(
    nginxRules([
      { from: 'https://old.example/a%00b', to: 'https://new.example/x' },
      { from: 'https://old.example/ok', to: 'https://new.example/x' },
    ]),
  ).toBe(
    '# old.example: paste inside the server { } block that serves old.example.\nlocation = "/ok" { return 301 "https://new.example/x"; }\n',
  );
});

test('nginx refuses a parameter over 4,093 bytes, .htaccess a line over 8,191: no rule then; Apache warns about long segments', () => {
  // Over 255 bytes an exact location never matches: the raw request is, `^/path(\\?|$)`, 8 bytes more.
  const atLimit = `https://old.example/${'a'.repeat(4084)}`;
  const overLimit = `https://old.example/${'a'.repeat(4085)}`;
  expect(rules(nginxRules, atLimit)).toEqual([
    `if ($request_uri ~ "^/${'a'.repeat(4084)}(\\\\?|$)") { return 301 "https://new.example/x"; }`,
  ]);
  expect(rules(nginxRules, overLimit)).toEqual([]);
  expect(ruleNotes({ from: overLimit, to: 'https://new.example/x' })).toEqual([
    'No nginx rule: it would need a parameter of 4,094 bytes, and nginx refuses a file with one over 4,093 (“too long parameter”).',
    'Apache: put this rule in the <VirtualHost>: a path segment over 255 bytes may be refused (403, “File name too long”) before .htaccess is read.',
  ]);
  expect(rules(apacheRules, overLimit)).toHaveLength(1);
  // Escapes count as written: 2,040 backslashes in the new URL are 4,080 bytes between its quotes.
  expect(rules(nginxRules, 'https://old.example/a', `https://new.example/?q=${'\\'.repeat(2040)}`)).toEqual([]);
  // A byte that is not printable ASCII is four in a RewriteRule (\\xHH): 2,040 of them pass .htaccess's line.
  const wide = (bytes: number) => `https://old.example/${'%C3%A9'.repeat(bytes / 2)}`;
  expect(rules(apacheRules, wide(2030))).toHaveLength(1);
  expect(rules(apacheRules, wide(2040))).toEqual([]);
  expect(ruleNotes({ from: wide(2040), to: 'https://new.example/x' })).toEqual([
    'No nginx rule: it would need a parameter of 6,129 bytes, and nginx refuses a file with one over 4,093 (“too long parameter”).',
    'No Apache rule: its line would be 8,211 bytes, and Apache fails every request under an .htaccess with a line over 8,191 (500, “Line too long”).',
  ]);
  expect(ruleNotes({ from: 'https://old.example/short', to: 'https://new.example/x' })).toEqual([]);
});
