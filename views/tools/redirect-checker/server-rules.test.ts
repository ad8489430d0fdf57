import { expect, test } from 'vitest';
import { apacheRules, nginxRules, regexLiteral } from './server-rules.ts';

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
  // `$` starts a variable in return and if: it is percent-encoded there.
  expect(nginxRules([{ from: 'https://o.example/a?x=$1', to: 'https://n.example/$b' }])).toContain(
    'if ($request_uri = "/a?x=%241") { return 301 "https://n.example/%24b"; }',
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
