import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { LOG_FILE_BOTS, ROBOTS_ONLY_TOKENS } from '#views/model/log-file-bots.ts';
import { definePage, type FaqEntry } from '#views/page.ts';
import LogFilesWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Which log formats can I upload?',
    answer:
      'nginx and Apache access logs in the combined or common format, JSON lines (Cloudflare Logpush field names, or a JSON object a line with the usual names such as remote_addr, request, status and http_user_agent) and IIS logs in the W3C extended format. Plain or gzip-compressed, several files at once. The format is recognised from the first lines of each file; lines that do not fit are counted and the first few are shown.',
  },
  {
    question: 'How do you know a hit really came from Googlebot?',
    answer:
      'Anyone can call themselves Googlebot. Each hit is checked against the IP ranges the bot’s operator publishes (Google, Bing, Apple, DuckDuckGo, OpenAI, Perplexity, Anthropic and Common Crawl publish theirs). Hits from any other address are counted apart as unverified. Where the site’s operator allows it, addresses outside the lists are also checked by reverse and then forward DNS against the host names Google, Bing, Apple, Yandex, Baidu and Amazon document.',
  },
  {
    question: 'Is my log kept? Who can see the results?',
    answer:
      'The uploaded files are deleted as soon as they are read. What is kept are counts: hits per URL for bots and per day for everyone, never a visitor’s IP address. The results have a long random address that only you know (share it if you like), are never indexed, and are deleted automatically after 7 days unless the site’s operator keeps them longer. You can delete them yourself at any time.',
  },
  {
    question: 'Why is there no Google-Extended in my results?',
    answer: ROBOTS_ONLY_TOKENS[0]!.explanation,
  },
];

function LogFilesPage() {
  const search = LOG_FILE_BOTS.filter((bot) => bot.kind === 'search');
  const ai = LOG_FILE_BOTS.filter((bot) => bot.kind === 'ai');
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Free Log File Analyser: What Googlebot and AI Crawlers Really Fetch</h1>
        <p className="lead">
          Upload your server’s access logs and see which pages Googlebot, Bingbot and the AI crawlers actually fetched,
          which they never visit, and how much of their time goes on parameters, redirects and errors, with every bot
          checked against the addresses its operator publishes.
        </p>
      </header>
      <Island name="tools/log-files/Widget" component={LogFilesWidget} props={{ idPrefix: 'log-files' }} />
      <section className="prose">
        <h2>What the analyser tells you</h2>
        <ul>
          <li>Hits per bot, verified against its operator’s published addresses, and the fakes kept apart.</li>
          <li>Hits per day by bot, and the mix of status codes, as charts and tables.</li>
          <li>Every URL bots fetched with its hits, status codes, first and last visit, as a table and a CSV.</li>
          <li>Crawl spent on URLs with parameters, on redirects and on errors.</li>
          <li>
            With a <a href="/site-audit">site audit</a> of the same site: pages bots never crawl, crawled URLs the audit
            did not find, and noindex or canonicalised pages bots keep fetching.
          </li>
        </ul>
        <h2>Crawlers it recognises</h2>
        <p>
          <strong>Search engines:</strong> {search.map((bot) => bot.name).join(', ')}.
        </p>
        <p>
          <strong>AI crawlers and assistants:</strong> {ai.map((bot) => bot.name).join(', ')}.
        </p>
        {ROBOTS_ONLY_TOKENS.map((token) => (
          <p key={token.token} className="muted">
            {token.explanation}
          </p>
        ))}
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const logFilesPage = definePage({
  path: '/log-file-analyser',
  navLabel: 'Log File Analyser',
  title: 'Free Log File Analyser – See What Googlebot and AI Crawlers Fetch',
  description:
    'Free server log analyser: upload nginx, Apache, Cloudflare or IIS access logs and see which pages verified Googlebot, Bingbot and AI crawlers fetch, spoofed bots apart.',
  keywords: 'log file analyser, log file analyzer, googlebot log analysis, crawl budget, server log seo, ai crawlers',
  faq,
  aliases: ['/log-file-analyzer', '/log-analyser'],
  Component: LogFilesPage,
});
