import type { FaqEntry } from '../page.ts';

interface FaqProps {
  items: FaqEntry[];
  heading?: string;
  /** Unique within the page; used for the heading id. */
  id?: string;
}

/** FAQ accordion that works without JavaScript (<details>); its JSON-LD comes from the route table. */
export function Faq({ items, heading = 'Frequently Asked Questions', id = 'faq' }: FaqProps) {
  return (
    <section className="faq" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
