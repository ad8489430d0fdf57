import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates every island on the page. Each container names its own module (data-src, a hashed
 * chunk the server already preloaded); its props sit in the JSON script right after it.
 */
function hydrateIslands(): void {
  for (const container of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const src = container.dataset.src;
    const propsElement = container.nextElementSibling;
    if (!src || !(propsElement instanceof HTMLScriptElement)) continue;
    const props = JSON.parse(propsElement.textContent || '{}') as Record<string, unknown>;
    import(/* @vite-ignore */ src)
      .then((module: { default: ComponentType<Record<string, unknown>> }) => {
        hydrateRoot(container, createElement(module.default, props));
      })
      .catch((error: unknown) => {
        console.error(`Could not load island ${container.dataset.island}`, error);
      });
  }
}

hydrateIslands();
