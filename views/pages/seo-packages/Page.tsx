import { Faq } from '#views/components/Faq.tsx';
import { definePage } from '#views/page.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { formatInr, ONE_TIME_AUDIT, PAID_TOOL_PLANS, SEO_PACKAGES } from '#views/model/plans.ts';
import { faq, heading, intro, links, meta, terms } from './content.ts';

function PackagesPage() {
  return (
    <article className="content-page wide">
      <header className="page-hero">
        <h1>{heading}</h1>
        <p className="lead">{intro}</p>
      </header>
      <div className="pricing-grid">
        {SEO_PACKAGES.map((plan) => (
          <section
            key={plan.id}
            className={plan.highlighted ? 'price-card highlighted' : 'price-card'}
            aria-labelledby={`plan-${plan.id}`}
          >
            {plan.highlighted ? <p className="price-flag">Recommended</p> : null}
            <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
            <p className="price">
              <strong>{formatInr(plan.monthlyInr)}</strong> <span>per month + GST</span>
            </p>
            <p className="best-for">{plan.bestFor}</p>
            <ul className="check-list">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <a className="button" href={`/contact-me?plan=${plan.id}`}>
              Ask about {plan.name}
            </a>
          </section>
        ))}
      </div>
      <section className="price-card single" aria-labelledby="plan-audit">
        <h2 id="plan-audit">{ONE_TIME_AUDIT.name}</h2>
        <p className="price">
          <strong>{formatInr(ONE_TIME_AUDIT.priceInr)}</strong> <span>one time + GST</span>
        </p>
        <p>{ONE_TIME_AUDIT.text}</p>
        <a className="button" href={`/contact-me?plan=${ONE_TIME_AUDIT.id}`}>
          Ask about the one-time audit
        </a>
      </section>
      <section className="prose" aria-labelledby="tool-services">
        <h2 id="tool-services">Services that go with our free tools</h2>
        <p>
          The <a href="/bulk-url-redirection-tool">redirect checker</a> and the{' '}
          <a href="/bulk-anchor-text-generators">anchor text generator</a> are free. When you want our team to do the
          work, these are the prices (plus GST).
        </p>
        <ul className="tool-services">
          {PAID_TOOL_PLANS.map((plan) => (
            <li key={plan.id} id={`plan-${plan.id}`}>
              <strong>{plan.name}</strong>
              {`: ${plan.price}. ${plan.features.join('; ')}.`}
            </li>
          ))}
        </ul>
      </section>
      <section className="prose">
        <h2>Terms in plain language</h2>
        <ul>
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
      <Faq items={faq} />
      <RelatedLinks links={links} />
    </article>
  );
}

export const seoPackagesPage = definePage({
  path: '/seo-packages',
  navLabel: 'SEO Packages',
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords.join(', '),
  faq,
  aliases: ['/pricing'],
  Component: PackagesPage,
});
