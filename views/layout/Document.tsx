import type { ReactNode } from 'react';
import { useSite } from '../site-context.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { QuickContact } from './QuickContact.tsx';
import { SampleNotice } from './SampleNotice.tsx';
import { SeoHead, type HeadMeta } from './SeoHead.tsx';

// Without JavaScript the narrow-screen menu stays expanded instead of hiding behind a toggle, and
// the header scrolls away with the page rather than staying on top of it.
const noScriptCss =
  '@media (max-width: 1023.98px){.site-header{position:static}.site-nav{display:block;max-height:none}.nav-toggle{display:none}}';

export function Document({ meta, children }: { meta: HeadMeta; children: ReactNode }) {
  const { assets } = useSite();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <SeoHead meta={meta} />
        <meta name="theme-color" content="#0f3d91" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.shell} async />
        <noscript>
          <style>{noScriptCss}</style>
        </noscript>
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SampleNotice />
        <Header />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <QuickContact />
      </body>
    </html>
  );
}
