import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { TimeZoneContext } from '#views/lib/local-time.ts';

/**
 * Hydrates every island on the page. Each container names its own module (data-src, a hashed
 * chunk the server already preloaded); its props sit in the JSON script right after it, and the times
 * it shows are in the zone its container names (the profile's, as the server rendered them).
 */
function hydrateIslands(): void {
  for (const container of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const src = container.dataset.src;
    const propsElement = container.nextElementSibling;
    if (!src || !(propsElement instanceof HTMLScriptElement)) continue;
    let props: Record<string, unknown>;
    try {
      props = JSON.parse(propsElement.textContent || '{}') as Record<string, unknown>;
    } catch {
      // The document stopped loading before its end (the visitor went elsewhere mid-page, the connection
      // broke): this island's data never arrived whole, so it stays as the server rendered it.
      console.warn(`Island ${container.dataset.island} was not started: the page did not finish loading.`);
      continue;
    }
    import(/* @vite-ignore */ src)
      .then((module: { default: ComponentType<Record<string, unknown>> }) => {
        const island = createElement(module.default, props);
        const timeZone = container.dataset.timeZone ?? null;
        hydrateRoot(container, createElement(TimeZoneContext.Provider, { value: timeZone }, island));
      })
      .catch((error: unknown) => {
        console.error(`Could not load island ${container.dataset.island}`, error);
      });
  }
}

hydrateIslands();
