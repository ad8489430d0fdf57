import type { ToolIconName } from '#views/model/tools-hub.ts';

/**
 * Line icons for the tool cards, drawn here on a 24 px grid (stroke only, currentColor) so they
 * cost no request and follow the text colour. Decorative: the card's name says what the tool is.
 */
const shapes: Record<ToolIconName, string[]> = {
  audit: [
    'M7 4H5.5A1.5 1.5 0 0 0 4 5.5v14A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-14A1.5 1.5 0 0 0 18.5 4H17',
    'M9 3h6v3H9z',
    'M8.5 13.5l2.5 2.5 5-5.5',
  ],
  site: ['M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z', 'M3 9h18', 'M7 13h5M7 16.5h9'],
  index: ['M10.5 4.5a6 6 0 1 1 0 12 6 6 0 0 1 0-12z', 'M15 15l5.5 5.5'],
  redirect: ['M4 19v-8a5 5 0 0 1 5-5h10', 'M15 2l4 4-4 4'],
  mobile: [
    'M8.5 2.5h7a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 20V4a1.5 1.5 0 0 1 1.5-1.5z',
    'M11 18.5h2',
  ],
  sitemap: ['M9.5 3h5v5h-5z', 'M3.5 16h5v5h-5z', 'M15.5 16h5v5h-5z', 'M12 8v4M6 16v-4h12v4'],
  link: ['M10 14a4 4 0 0 0 5.7 0l3-3A4 4 0 0 0 13 5.3l-1 1', 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'],
  anchor: ['M12 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4z', 'M12 7v14', 'M5 13a7 7 0 0 0 14 0', 'M9 10h6'],
  code: ['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M13.5 5l-3 14'],
  text: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 12h6M9 16h6'],
  chat: ['M4 5h16v11H9l-5 4z', 'M8 9.5h8M8 12.5h5'],
  list: ['M9 6h11M9 12h11M9 18h11', 'M4 6h.01M4 12h.01M4 18h.01'],
  globe: [
    'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z',
    'M3 12h18',
    'M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  ],
  spark: ['M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z', 'M19 3v3M17.5 4.5h3'],
  image: [
    'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
    'M9 8.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z',
    'M21 15l-5-5-9 9',
  ],
  transcript: [
    'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
    'M7 10.5h4M13 10.5h4M7 14.5h10',
  ],
  tag: ['M3 3h8l10 10-8 8L3 11z', 'M7.5 6a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z'],
  download: ['M12 4v11', 'M7 10l5 5 5-5', 'M4 20h16'],
};

export function ToolIcon({ name }: { name: ToolIconName }) {
  return (
    <svg
      className="tool-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {shapes[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
