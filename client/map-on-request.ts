/**
 * Office maps load only when asked: the button swaps in the Google Maps iframe, so a page view
 * alone never contacts a third party.
 */
export function enhanceMapSlots(doc: Document = document): void {
  for (const slot of doc.querySelectorAll<HTMLElement>('[data-map-slot]')) {
    const button = slot.querySelector<HTMLButtonElement>('[data-map-button]');
    const src = slot.dataset.mapSrc;
    if (!button || !src) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      const frame = doc.createElement('iframe');
      frame.src = src;
      frame.title = 'Map of our office location';
      frame.referrerPolicy = 'no-referrer-when-downgrade';
      frame.className = 'map-frame';
      button.replaceWith(frame);
    });
  }
}
