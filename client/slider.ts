/**
 * Progressive enhancement for server-rendered sliders ([data-slider]). Without JavaScript the slides
 * sit in a horizontally scrollable strip; this script turns that into a one-at-a-time carousel that
 * advances every `data-interval` ms, pauses on hover, keyboard focus or a hidden tab, has a
 * pause/play button, and never auto-advances for people who asked for reduced motion (unless they
 * press play).
 */

export type PauseReason = 'hover' | 'focus' | 'hidden' | 'reduced-motion' | 'user';

export interface SliderController {
  readonly index: number;
  goTo(index: number): void;
  next(): void;
  prev(): void;
  pause(reason: PauseReason): void;
  resume(reason: PauseReason): void;
  isPlaying(): boolean;
  isPausedFor(reason: PauseReason): boolean;
  destroy(): void;
}

/** The timing and index logic, separate from the DOM so it can be tested with fake timers. */
export function createSliderController(
  count: number,
  interval: number,
  onChange: (index: number) => void,
): SliderController {
  let index = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const reasons = new Set<PauseReason>();

  function show(next: number) {
    index = ((next % count) + count) % count;
    onChange(index);
  }
  function restart() {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    // A manual move restarts the countdown so the new slide gets its full time on screen.
    if (reasons.size === 0 && count > 1) timer = setInterval(() => show(index + 1), interval);
  }

  restart();
  return {
    get index() {
      return index;
    },
    goTo(target) {
      show(target);
      restart();
    },
    next() {
      this.goTo(index + 1);
    },
    prev() {
      this.goTo(index - 1);
    },
    pause(reason) {
      reasons.add(reason);
      restart();
    },
    resume(reason) {
      reasons.delete(reason);
      restart();
    },
    isPlaying: () => timer !== undefined,
    isPausedFor: (reason) => reasons.has(reason),
    destroy() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}

export function enhanceSlider(root: HTMLElement): SliderController {
  const track = root.querySelector<HTMLElement>('[data-slider-track]')!;
  const slides = Array.from(root.querySelectorAll<HTMLElement>('[data-slide]'));
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-slider-dot]'));
  const interval = Number(root.dataset.interval) || 3000;

  function render(active: number) {
    track.style.transform = `translateX(-${active * 100}%)`;
    slides.forEach((slide, i) => {
      slide.setAttribute('aria-hidden', String(i !== active));
      slide.toggleAttribute('inert', i !== active);
    });
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === active)));
  }

  root.classList.add('is-enhanced');
  const controller = createSliderController(slides.length, interval, render);
  render(0);

  root.querySelector('[data-slider-prev]')?.addEventListener('click', () => controller.prev());
  root.querySelector('[data-slider-next]')?.addEventListener('click', () => controller.next());
  dots.forEach((dot, i) => dot.addEventListener('click', () => controller.goTo(i)));
  root.addEventListener('mouseenter', () => controller.pause('hover'));
  root.addEventListener('mouseleave', () => controller.resume('hover'));
  root.addEventListener('focusin', () => controller.pause('focus'));
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) controller.resume('focus');
  });
  document.addEventListener('visibilitychange', () =>
    document.hidden ? controller.pause('hidden') : controller.resume('hidden'),
  );
  // The button states what pressing it does; hover and focus (pressing it gives both) do not count.
  const toggle = root.querySelector<HTMLButtonElement>('[data-slider-toggle]');
  const stopped = () => controller.isPausedFor('user') || controller.isPausedFor('reduced-motion');
  const renderToggle = () => {
    if (toggle) toggle.textContent = stopped() ? 'Play slides' : 'Pause slides';
  };
  toggle?.addEventListener('click', () => {
    if (stopped()) {
      controller.resume('user');
      controller.resume('reduced-motion');
    } else {
      controller.pause('user');
    }
    renderToggle();
  });
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const applyMotion = () => {
    if (motion.matches) controller.pause('reduced-motion');
    else controller.resume('reduced-motion');
    renderToggle();
  };
  applyMotion();
  motion.addEventListener('change', applyMotion);
  return controller;
}

export function enhanceSliders(doc: Document = document): void {
  doc.querySelectorAll<HTMLElement>('[data-slider]').forEach((root) => enhanceSlider(root));
}
