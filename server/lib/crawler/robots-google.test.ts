// Facts from Google's open-source robots.txt parser tests (github.com/google/robotstxt,
// robots_test.cc): each robots.txt, user agent and URL with the decision Google expects.
// Only the facts are ported; the matcher is ours (docs/decisions/0027-robots-matcher.md).
import { expect, test } from 'vitest';
import { isProductToken, robotsLines, robotsMatcher, robotsPath, normalizePattern } from './robots-txt.ts';

function allowed(robotstxt: string | Uint8Array, agent: string, url: string): boolean {
  return robotsMatcher(robotstxt, agent).isAllowed(url);
}

/** Google's expected decision for each URL under one robots.txt and agent, checked together. */
function expectDecisions(robotstxt: string | Uint8Array, agent: string, decisions: Record<string, boolean>): void {
  const actual = Object.fromEntries(Object.keys(decisions).map((url) => [url, allowed(robotstxt, agent, url)]));
  expect(actual).toEqual(decisions);
}

test('GoogleOnly_SystemTest: empty file, agent and URL', () => {
  const robotstxt = 'user-agent: FooBot\ndisallow: /\n';
  expect(allowed('', 'FooBot', '')).toBe(true);
  expect(allowed(robotstxt, '', '')).toBe(true);
  expect(allowed(robotstxt, 'FooBot', '')).toBe(false);
  expect(allowed('', '', '')).toBe(true);
});

test('ID_LineSyntax_Line: a missing colon is assumed, unknown keys are ignored', () => {
  const url = 'http://foo.bar/x/y';
  expect(allowed('user-agent: FooBot\ndisallow: /\n', 'FooBot', url)).toBe(false);
  expect(allowed('foo: FooBot\nbar: /\n', 'FooBot', url)).toBe(true);
  expect(allowed('user-agent FooBot\ndisallow /\n', 'FooBot', url)).toBe(false);
});

test('ID_LineSyntax_Groups: groups, merged groups for one agent, rules outside groups', () => {
  const robotstxt =
    'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\n' +
    'allow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n';
  expectDecisions(robotstxt, 'FooBot', {
    'http://foo.bar/x/b': true,
    'http://foo.bar/z/d': true,
    'http://foo.bar/y/c': false,
  });
  expectDecisions(robotstxt, 'BarBot', {
    'http://foo.bar/y/c': true,
    'http://foo.bar/w/a': true,
    'http://foo.bar/z/d': false,
  });
  expect(allowed(robotstxt, 'BazBot', 'http://foo.bar/z/d')).toBe(true);
  expect(allowed(robotstxt, 'FooBot', 'http://foo.bar/foo/bar/')).toBe(false);
  expect(allowed(robotstxt, 'BarBot', 'http://foo.bar/foo/bar/')).toBe(false);
  expect(allowed(robotstxt, 'BazBot', 'http://foo.bar/foo/bar/')).toBe(false);
});

test('ID_LineSyntax_Groups_OtherRules: sitemap and unknown lines do not close a group', () => {
  const sitemapInside = 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n';
  expect(allowed(sitemapInside, 'FooBot', 'http://foo.bar/')).toBe(false);
  expect(allowed(sitemapInside, 'BarBot', 'http://foo.bar/')).toBe(false);
  const unknownInside = 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n';
  expect(allowed(unknownInside, 'FooBot', 'http://foo.bar/')).toBe(false);
  expect(allowed(unknownInside, 'BarBot', 'http://foo.bar/')).toBe(false);
});

test('ID_REPLineNamesCaseInsensitive', () => {
  for (const robotstxt of [
    'USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n',
    'user-agent: FooBot\nallow: /x/\ndisallow: /\n',
    'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n',
  ]) {
    expectDecisions(robotstxt, 'FooBot', {
      'http://foo.bar/x/y': true,
      'http://foo.bar/a/b': false,
    });
  }
});

test('ID_VerifyValidUserAgentsToObey: an agent we obey for is a product token', () => {
  expect(isProductToken('Foobot')).toBe(true);
  expect(isProductToken('Foobot-Bar')).toBe(true);
  expect(isProductToken('Foo_Bar')).toBe(true);
  expect(isProductToken('')).toBe(false);
  expect(isProductToken('ツ')).toBe(false);
  expect(isProductToken('Foobot*')).toBe(false);
  expect(isProductToken(' Foobot ')).toBe(false);
  expect(isProductToken('Foobot/2.1')).toBe(false);
  expect(isProductToken('Foobot Bar')).toBe(false);
});

test('ID_UserAgentValueCaseInsensitive: user-agent values are matched by their first word', () => {
  for (const robotstxt of [
    'User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n',
    'User-Agent: foo bar\nAllow: /x/\nDisallow: /\n',
    'User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n',
  ]) {
    for (const agent of ['Foo', 'foo']) {
      expect(allowed(robotstxt, agent, 'http://foo.bar/x/y')).toBe(true);
      expect(allowed(robotstxt, agent, 'http://foo.bar/a/b')).toBe(false);
    }
  }
});

test('GoogleOnly_AcceptUserAgentUpToFirstSpace', () => {
  expect(isProductToken('Foobot Bar')).toBe(false);
  const robotstxt = 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n';
  expect(allowed(robotstxt, 'Foo', 'http://foo.bar/x/y')).toBe(true);
  expect(allowed(robotstxt, 'Foo Bar', 'http://foo.bar/x/y')).toBe(false);
});

test('ID_GlobalGroups_Secondary: the * group applies only when no group names the agent', () => {
  const url = 'http://foo.bar/x/y';
  const global = 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n';
  const onlySpecific =
    'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n';
  expect(allowed('', 'FooBot', url)).toBe(true);
  expect(allowed(global, 'FooBot', url)).toBe(false);
  expect(allowed(global, 'BarBot', url)).toBe(true);
  expect(allowed(onlySpecific, 'QuxBot', url)).toBe(true);
});

test('ID_AllowDisallow_Value_CaseSensitive', () => {
  expect(allowed('user-agent: FooBot\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/y')).toBe(false);
  expect(allowed('user-agent: FooBot\ndisallow: /X/\n', 'FooBot', 'http://foo.bar/x/y')).toBe(true);
});

test('ID_LongestMatch: the longest pattern decides, Allow on ties', () => {
  const url = 'http://foo.bar/x/page.html';
  expect(allowed('user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n', 'FooBot', url)).toBe(false);
  const allowPage = 'user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n';
  expect(allowed(allowPage, 'FooBot', url)).toBe(true);
  expect(allowed(allowPage, 'FooBot', 'http://foo.bar/x/')).toBe(false);
  expect(allowed('user-agent: FooBot\ndisallow: \nallow: \n', 'FooBot', url)).toBe(true);
  expect(allowed('user-agent: FooBot\ndisallow: /\nallow: /\n', 'FooBot', url)).toBe(true);
  const slash = 'user-agent: FooBot\ndisallow: /x\nallow: /x/\n';
  expectDecisions(slash, 'FooBot', {
    'http://foo.bar/x': false,
    'http://foo.bar/x/': true,
  });
  expect(allowed('user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n', 'FooBot', url)).toBe(true);
  const html = 'user-agent: FooBot\nallow: /page\ndisallow: /*.html\n';
  expectDecisions(html, 'FooBot', {
    'http://foo.bar/page.html': false,
    'http://foo.bar/page': true,
  });
  const dot = 'user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n';
  expect(allowed(dot, 'FooBot', url)).toBe(true);
  expect(allowed(dot, 'FooBot', 'http://foo.bar/x/y.html')).toBe(false);
  const specific = 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n';
  expectDecisions(specific, 'FooBot', {
    'http://foo.bar/x/page': true,
    'http://foo.bar/y/page': false,
  });
});

test('ID_Encoding: patterns are percent-encoded, URLs are taken as given', () => {
  expect(
    allowed(
      'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n',
      'FooBot',
      'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par',
    ),
  ).toBe(true);
  const cases: Array<[string, Record<string, boolean>]> = [
    [
      'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n',
      {
        'http://foo.bar/foo/bar/%E3%83%84': true,
        'http://foo.bar/foo/bar/ツ': false,
      },
    ],
    [
      'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n',
      {
        'http://foo.bar/foo/bar/%E3%83%84': true,
        'http://foo.bar/foo/bar/ツ': false,
      },
    ],
    [
      'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n',
      {
        'http://foo.bar/foo/bar/baz': false,
        'http://foo.bar/foo/bar/%62%61%7A': true,
      },
    ],
  ];
  for (const [robotstxt, decisions] of cases) expectDecisions(robotstxt, 'FooBot', decisions);
});

test('ID_SpecialCharacters: *, $ and # comments', () => {
  const cases: Array<[string, Record<string, boolean>]> = [
    [
      'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n',
      {
        'http://foo.bar/foo/bar/quz': false,
        'http://foo.bar/foo/quz': true,
        'http://foo.bar/foo//quz': true,
        'http://foo.bar/foo/bax/quz': true,
      },
    ],
    [
      'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n',
      {
        'http://foo.bar/foo/bar': false,
        'http://foo.bar/foo/bar/qux': true,
        'http://foo.bar/foo/bar/': true,
        'http://foo.bar/foo/bar/baz': true,
      },
    ],
    [
      'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n',
      {
        'http://foo.bar/foo/bar': true,
        'http://foo.bar/foo/quz': false,
      },
    ],
  ];
  for (const [robotstxt, decisions] of cases) expectDecisions(robotstxt, 'FooBot', decisions);
});

test('GoogleOnly_IndexHTMLisDirectory: an allowed /dir/index.html allows /dir/', () => {
  const robotstxt = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n';
  expectDecisions(robotstxt, 'foobot', {
    'http://foo.com/allowed-slash/': true,
    'http://foo.com/allowed-slash/index.htm': false,
    'http://foo.com/allowed-slash/index.html': true,
    'http://foo.com/anyother-url': false,
  });
});

test('GoogleOnly_LineTooLong: a line is cut after 8 × 2,083 bytes', () => {
  const maxLine = 2083 * 8;
  // As in Google's test: the long part plus the key fills the line but for the final "/qux".
  const disallowLong = '/x/'.padEnd(maxLine - 3 - 'disallow: '.length + 1, 'a');
  const cutDisallow = `user-agent: FooBot\ndisallow: ${disallowLong}/qux\n`;
  expect(allowed(cutDisallow, 'FooBot', 'http://foo.bar/fux')).toBe(true);
  expect(allowed(cutDisallow, 'FooBot', `http://foo.bar${disallowLong}/fux`)).toBe(false);

  const length = maxLine - 3 - 'allow: '.length + 1;
  const longA = '/x/'.padEnd(length, 'a');
  const longB = '/x/'.padEnd(length, 'b');
  const cutAllow = `user-agent: FooBot\ndisallow: /\nallow: ${longA}/qux\nallow: ${longB}/qux\n`;
  expect(allowed(cutAllow, 'FooBot', 'http://foo.bar/')).toBe(false);
  expect(allowed(cutAllow, 'FooBot', `http://foo.bar${longA}/qux`)).toBe(true);
  expect(allowed(cutAllow, 'FooBot', `http://foo.bar${longB}/fux`)).toBe(true);
});

test('GoogleOnly_DocumentationChecks: /fish', () => {
  expectDecisions('user-agent: FooBot\ndisallow: /\nallow: /fish\n', 'FooBot', {
    'http://foo.bar/bar': false,
    'http://foo.bar/fish': true,
    'http://foo.bar/fish.html': true,
    'http://foo.bar/fish/salmon.html': true,
    'http://foo.bar/fishheads': true,
    'http://foo.bar/fishheads/yummy.html': true,
    'http://foo.bar/fish.html?id=anything': true,
    'http://foo.bar/Fish.asp': false,
    'http://foo.bar/catfish': false,
    'http://foo.bar/?id=fish': false,
  });
});

test('GoogleOnly_DocumentationChecks: /fish* equals /fish', () => {
  expectDecisions('user-agent: FooBot\ndisallow: /\nallow: /fish*\n', 'FooBot', {
    'http://foo.bar/bar': false,
    'http://foo.bar/fish': true,
    'http://foo.bar/fish.html': true,
    'http://foo.bar/fish/salmon.html': true,
    'http://foo.bar/fishheads': true,
    'http://foo.bar/fishheads/yummy.html': true,
    'http://foo.bar/fish.html?id=anything': true,
    'http://foo.bar/Fish.bar': false,
    'http://foo.bar/catfish': false,
    'http://foo.bar/?id=fish': false,
  });
});

test('GoogleOnly_DocumentationChecks: /fish/ does not equal /fish', () => {
  expectDecisions('user-agent: FooBot\ndisallow: /\nallow: /fish/\n', 'FooBot', {
    'http://foo.bar/bar': false,
    'http://foo.bar/fish/': true,
    'http://foo.bar/fish/salmon': true,
    'http://foo.bar/fish/?salmon': true,
    'http://foo.bar/fish/salmon.html': true,
    'http://foo.bar/fish/?id=anything': true,
    'http://foo.bar/fish': false,
    'http://foo.bar/fish.html': false,
    'http://foo.bar/Fish/Salmon.html': false,
  });
});

test('GoogleOnly_DocumentationChecks: /*.php', () => {
  expectDecisions('user-agent: FooBot\ndisallow: /\nallow: /*.php\n', 'FooBot', {
    'http://foo.bar/bar': false,
    'http://foo.bar/filename.php': true,
    'http://foo.bar/folder/filename.php': true,
    'http://foo.bar/folder/filename.php?parameters': true,
    'http://foo.bar//folder/any.php.file.html': true,
    'http://foo.bar/filename.php/': true,
    'http://foo.bar/index?f=filename.php/': true,
    'http://foo.bar/php/': false,
    'http://foo.bar/index?php': false,
    'http://foo.bar/windows.PHP': false,
  });
});

test('GoogleOnly_DocumentationChecks: /*.php$', () => {
  expectDecisions('user-agent: FooBot\ndisallow: /\nallow: /*.php$\n', 'FooBot', {
    'http://foo.bar/bar': false,
    'http://foo.bar/filename.php': true,
    'http://foo.bar/folder/filename.php': true,
    'http://foo.bar/filename.php?parameters': false,
    'http://foo.bar/filename.php/': false,
    'http://foo.bar/filename.php5': false,
    'http://foo.bar/php/': false,
    'http://foo.bar/filename?php': false,
    'http://foo.bar/aaaphpaaa': false,
    'http://foo.bar//windows.PHP': false,
  });
});

test('GoogleOnly_DocumentationChecks: /fish*.php', () => {
  expectDecisions('user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n', 'FooBot', {
    'http://foo.bar/bar': false,
    'http://foo.bar/fish.php': true,
    'http://foo.bar/fishheads/catfish.php?parameters': true,
    'http://foo.bar/Fish.PHP': false,
  });
});

test('GoogleOnly_DocumentationChecks: order of precedence for group-member records', () => {
  expect(allowed('user-agent: FooBot\nallow: /p\ndisallow: /\n', 'FooBot', 'http://example.com/page')).toBe(true);
  expect(
    allowed('user-agent: FooBot\nallow: /folder\ndisallow: /folder\n', 'FooBot', 'http://example.com/folder/page'),
  ).toBe(true);
  expect(allowed('user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n', 'FooBot', 'http://example.com/page.htm')).toBe(
    false,
  );
  const root = 'user-agent: FooBot\nallow: /$\ndisallow: /\n';
  expectDecisions(root, 'FooBot', {
    'http://example.com/': true,
    'http://example.com/page.html': false,
  });
});

/** Google's RobotsStatsReporter, in our terms: directives recognised, unknown ones, last line seen. */
function stats(input: string | Uint8Array) {
  const lines = [...robotsLines(input)];
  return {
    valid: lines.filter((line) => line.key !== 'unknown').length,
    unknown: lines.filter((line) => line.key === 'unknown').length,
    lastLine: lines.at(-1)?.line ?? 0,
  };
}

test('ID_LinesNumbersAreCountedCorrectly: LF, CRLF, CR, mixed, and no final newline', () => {
  for (const file of [
    'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n',
    'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n',
    'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r',
    'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /',
    'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
  ]) {
    expect(stats(file)).toEqual({ valid: 4, unknown: 0, lastLine: 6 });
  }
});

test('ID_UTF8ByteOrderMarkIsSkipped: whole and partial marks at the start only', () => {
  const bytes = (text: string) => Buffer.from(text, 'latin1');
  const body = 'User-Agent: foo\nAllow: /AnyValue\n';
  expect(stats(bytes(`\xEF\xBB\xBF${body}`))).toMatchObject({ valid: 2, unknown: 0 });
  expect(stats(bytes(`\xEF\xBB${body}`))).toMatchObject({ valid: 2, unknown: 0 });
  expect(stats(bytes(`\xEF${body}`))).toMatchObject({ valid: 2, unknown: 0 });
  expect(stats(bytes(`\xEF\x11\xBF${body}`))).toMatchObject({ valid: 1, unknown: 1 });
  expect(stats(bytes('User-Agent: foo\n\xEF\xBB\xBFAllow: /AnyValue\n'))).toMatchObject({ valid: 1, unknown: 1 });
});

test('ID_NonStandardLineExample_Sitemap: a sitemap line may appear anywhere', () => {
  const sitemap = 'http://foo.bar/sitemap.xml';
  const groups = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
  expect(robotsMatcher(`${groups}Sitemap: ${sitemap}\n`, 'foo').sitemaps).toEqual([sitemap]);
  expect(robotsMatcher(`Sitemap: ${sitemap}\n${groups}`, 'foo').sitemaps).toEqual([sitemap]);
});

test('TestGetPathParamsQuery: the part of a URL rules are matched against', () => {
  const cases: Record<string, string> = {
    '': '/',
    'http://www.example.com': '/',
    'http://www.example.com/': '/',
    'http://www.example.com/a': '/a',
    'http://www.example.com/a/': '/a/',
    'http://www.example.com/a/b?c=http://d.e/': '/a/b?c=http://d.e/',
    'http://www.example.com/a/b?c=d&e=f#fragment': '/a/b?c=d&e=f',
    'example.com': '/',
    'example.com/': '/',
    'example.com/a': '/a',
    'example.com/a/': '/a/',
    'example.com/a/b?c=d&e=f#fragment': '/a/b?c=d&e=f',
    a: '/',
    'a/': '/',
    '/a': '/a',
    'a/b': '/b',
    'example.com?a': '/?a',
    'example.com/a;b#c': '/a;b',
    '//a/b/c': '/b/c',
  };
  expect(Object.fromEntries(Object.keys(cases).map((url) => [url, robotsPath(url)]))).toEqual(cases);
});

test('TestMaybeEscapePattern: non-ASCII is percent-encoded, escapes upper-cased', () => {
  expect(normalizePattern('http://www.example.com')).toBe('http://www.example.com');
  expect(normalizePattern('/a/b/c')).toBe('/a/b/c');
  expect(normalizePattern('á')).toBe('%C3%A1');
  expect(normalizePattern('%aa')).toBe('%AA');
});
