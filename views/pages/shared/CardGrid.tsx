import type { Card } from '#views/pages/shared/content-types.ts';

export function CardGrid({ cards, className = 'card-grid' }: { cards: Card[]; className?: string }) {
  return (
    <div className={className}>
      {cards.map((card) => (
        <article key={card.title} className="content-card">
          <h3>{card.title}</h3>
          <p>{card.body}</p>
        </article>
      ))}
    </div>
  );
}
