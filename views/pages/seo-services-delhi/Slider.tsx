import { Picture } from '#views/pages/shared/Picture.tsx';
import type { Slide } from './content.ts';

/**
 * Server-rendered carousel. Without JavaScript it is a horizontally scrollable strip of all three
 * slides; client/slider.ts turns it into one slide at a time (3000 ms autoplay, 500 ms transition)
 * with a pause button. It sits below the page's hero, never above the heading.
 */
export function Slider({ slides, interval = 3000 }: { slides: Slide[]; interval?: number }) {
  return (
    <section
      className="slider"
      data-slider=""
      data-enhance=""
      data-interval={interval}
      aria-roledescription="carousel"
      aria-label="How we work"
    >
      <div className="slider-viewport">
        <div className="slider-track" data-slider-track="">
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              className="slide"
              data-slide=""
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}: ${slide.heading}`}
            >
              <Picture
                name={slide.image}
                kind="slide"
                alt={slide.alt}
                eager={index === 0}
                sizes="(max-width: 1160px) 100vw, 1120px"
              />
              <div className="slide-caption">
                <strong>{slide.heading}</strong>
                <span>{slide.text}</span>
              </div>
            </div>
          ))}
        </div>
      </div>
      <button type="button" className="slider-arrow prev" data-slider-prev="" aria-label="Previous slide">
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className="slider-arrow next" data-slider-next="" aria-label="Next slide">
        <span aria-hidden="true">›</span>
      </button>
      <button type="button" className="slider-toggle" data-slider-toggle="">
        Pause slides
      </button>
      <div className="slider-dots">
        {slides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            className="slider-dot"
            data-slider-dot=""
            aria-label={`Show slide ${index + 1}: ${slide.heading}`}
            aria-current={index === 0 ? 'true' : 'false'}
          />
        ))}
      </div>
    </section>
  );
}
