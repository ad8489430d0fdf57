/** What the rendered page shows at 360 CSS px, read inside the page by `measurePage`. */
export interface PageMeasurement {
  viewportWidth: number;
  scrollWidth: number;
  viewportMeta: string | null;
  /** Outermost elements reaching past the right edge of the screen. */
  overflowing: string[];
  /** Visible elements whose own text is drawn below 12 CSS px. */
  smallText: string[];
  /** Visible links and controls smaller than 24 × 24 CSS px (inline links in running text are exempt). */
  smallTargets: string[];
  plugins: string[];
  /** Images drawn wider than the screen. */
  wideImages: string[];
}

/**
 * Runs inside the page (page.evaluate serialises it), so it may use only the DOM and its own locals.
 * Limits follow WCAG 2.2: 2.5.8 Target Size (Minimum) 24 × 24 CSS px, with inline links in sentences
 * exempt; and Google's old mobile-friendly test for text (12 px).
 */
export function measurePage(): PageMeasurement {
  const MIN_TEXT_PX = 12;
  const MIN_TARGET_PX = 24;
  const LIMIT = 20;
  const root = document.documentElement;
  const width = root.clientWidth;

  const describe = (element: Element): string => {
    const id = element.id ? `#${element.id}` : '';
    const className =
      typeof element.className === 'string' && element.className.trim()
        ? `.${element.className.trim().split(/\s+/)[0]}`
        : '';
    // innerText follows the layout (blocks are separated), so "<h1>A</h1><p>B</p>" reads "A B".
    const text = ((element as HTMLElement).innerText ?? element.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    return `<${element.tagName.toLowerCase()}${id}${className}>${text ? ` "${text}"` : ''}`;
  };
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return (
      box.width > 0 &&
      box.height > 0 &&
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      Number(style.opacity) > 0
    );
  };
  const all = [...document.body.querySelectorAll('*')].filter(
    (element) => !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD'].includes(element.tagName),
  );

  const overflowing = all
    .filter((element) => shown(element) && element.getBoundingClientRect().right > width + 1)
    .filter(
      (element) =>
        !element.parentElement ||
        element.parentElement === document.body ||
        element.parentElement.getBoundingClientRect().right <= width + 1,
    )
    .map(describe);

  const smallText = all
    .filter((element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      ),
    )
    .filter((element) => shown(element) && parseFloat(getComputedStyle(element).fontSize) < MIN_TEXT_PX)
    .map(describe);

  const targets = [
    ...document.body.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [onclick]',
    ),
  ];
  const inlineInText = (element: Element): boolean => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    const parent = element.parentElement;
    return Boolean(parent && (parent.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 1);
  };
  const smallTargets = targets
    .filter((element) => shown(element) && !inlineInText(element))
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width < MIN_TARGET_PX || box.height < MIN_TARGET_PX;
    })
    .map((element) => {
      const box = element.getBoundingClientRect();
      return `${describe(element)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    });

  return {
    viewportWidth: width,
    scrollWidth: Math.max(root.scrollWidth, document.body.scrollWidth),
    viewportMeta: document.querySelector('meta[name="viewport" i]')?.getAttribute('content') ?? null,
    overflowing: overflowing.slice(0, LIMIT),
    smallText: smallText.slice(0, LIMIT),
    smallTargets: smallTargets.slice(0, LIMIT),
    plugins: [...document.querySelectorAll('object, embed, applet')].map(describe).slice(0, LIMIT),
    wideImages: [...document.images]
      .filter((image) => image.getBoundingClientRect().width > width + 1)
      .map(describe)
      .slice(0, LIMIT),
  };
}
