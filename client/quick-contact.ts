/**
 * The phone's Call/WhatsApp pair (views/layout/QuickContact.tsx) is rendered in the page's flow, at its
 * end: without JavaScript it never covers anything. With it, the pair floats in the bottom corner once
 * the visitor has scrolled half a screen: the pair's corner (68 px) then lies below the first screen
 * whatever the window's height, so it never covers a first screen's link (at 390 × 760 it covered the home
 * page's "Website SEO Audit"). Its slot keeps the room at the end, so the page's last lines scroll clear.
 */
export const floatsAt = (scrollY: number, viewportHeight: number): boolean => scrollY >= viewportHeight / 2;

export function floatQuickContact(nav: HTMLElement): void {
  let queued = false;
  const place = () => {
    queued = false;
    nav.toggleAttribute('data-floating', floatsAt(window.scrollY, window.innerHeight));
  };
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(place);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  place();
}
