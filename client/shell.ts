import { floatQuickContact } from './quick-contact.ts';

// Enhances the server-rendered header (it already works without JS): Escape and outside clicks
// close the open dropdown, choosing a link closes the menu, and the narrow-screen toggle opens and
// closes the whole menu (its button's aria-expanded mirrors it; a dropdown's <summary> needs none).
const header = document.querySelector<HTMLElement>('.site-header');

if (header) {
  const dropdowns = [...header.querySelectorAll<HTMLDetailsElement>('details.dropdown')];
  const toggle = header.querySelector<HTMLButtonElement>('.nav-toggle');

  const closeDropdowns = (except?: HTMLDetailsElement) => {
    for (const dropdown of dropdowns) if (dropdown !== except) dropdown.open = false;
  };
  const setMenu = (open: boolean) => {
    header.dataset.menu = open ? 'open' : 'closed';
    toggle?.setAttribute('aria-expanded', String(open));
    if (!open) closeDropdowns();
  };

  for (const dropdown of dropdowns) {
    // Browsers without exclusive <details name> still get one-open-at-a-time.
    dropdown.addEventListener('toggle', () => {
      if (dropdown.open) closeDropdowns(dropdown);
    });
  }

  toggle?.addEventListener('click', () => setMenu(header.dataset.menu !== 'open'));

  header.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setMenu(false);
  });

  document.addEventListener('click', (event) => {
    if (!header.contains(event.target as Node)) closeDropdowns();
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = dropdowns.find((dropdown) => dropdown.open);
    if (open) {
      open.open = false;
      open.querySelector('summary')?.focus();
    } else if (header.dataset.menu === 'open') {
      setMenu(false);
      toggle?.focus();
    }
  });
}

// Directory tables get search, sort and in-place paging; the code is its own chunk, fetched only
// on pages that have such a table.
function whenParsed(run: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
whenParsed(() => {
  if (document.querySelector('[data-directory]')) {
    // Without the chunk the table still pages and searches through plain links and the form.
    import('./directories.ts').then(
      (module) => module.enhanceDirectories(),
      () => undefined,
    );
  }
});

whenParsed(() => {
  const quickContact = document.querySelector<HTMLElement>('.quick-contact');
  if (quickContact) floatQuickContact(quickContact);
});

// Content-page behaviours (slider, on-request map) are their own chunk too, fetched only where used.
whenParsed(() => {
  if (document.querySelector('[data-enhance]'))
    import('./content.ts').then(
      () => undefined,
      () => undefined,
    );
});
