// SVG artwork for the content pages, drawn in code so it ships with the app and needs no stock
// photos or hot-linked assets. Each function returns an SVG string at a fixed design size.

const font = "font-family='DejaVu Sans, Liberation Sans, sans-serif'";

function frame(width, height, from, to, body) {
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'>
<defs><linearGradient id='bg' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${from}'/><stop offset='1' stop-color='${to}'/></linearGradient></defs>
<rect width='${width}' height='${height}' fill='url(#bg)'/>${body}</svg>`;
}

/** Slide 1: an audit report card beside a rising traffic line. */
export function slideAudit() {
  const rows = [0, 1, 2, 3, 4]
    .map((i) => {
      const y = 190 + i * 46;
      const ok = i !== 2;
      return `<circle cx='700' cy='${y}' r='13' fill='${ok ? '#22c55e' : '#f59e0b'}'/>
<path d='M693 ${y} l5 5 l9 -10' stroke='#fff' stroke-width='3' fill='none' ${ok ? '' : "opacity='0'"}/>
<rect x='726' y='${y - 8}' width='${220 - i * 18}' height='14' rx='7' fill='#cbd5e1'/>`;
    })
    .join('');
  const points = [60, 90, 80, 130, 150, 200, 240, 300].map((v, i) => `${90 + i * 62},${440 - v}`).join(' ');
  return frame(
    1200,
    500,
    '#0f2a4a',
    '#0e7490',
    `
<g opacity='0.18' stroke='#fff'>${[0, 1, 2, 3, 4].map((i) => `<line x1='80' x2='560' y1='${160 + i * 70}' y2='${160 + i * 70}'/>`).join('')}</g>
<polyline points='${points}' fill='none' stroke='#fbbf24' stroke-width='8' stroke-linejoin='round' stroke-linecap='round'/>
${points
  .split(' ')
  .map((p) => `<circle cx='${p.split(',')[0]}' cy='${p.split(',')[1]}' r='7' fill='#fff'/>`)
  .join('')}
<rect x='650' y='80' width='440' height='360' rx='18' fill='#fff'/>
<rect x='650' y='80' width='440' height='56' rx='18' fill='#e2e8f0'/><rect x='650' y='118' width='440' height='18' fill='#e2e8f0'/>
<circle cx='680' cy='108' r='7' fill='#ef4444'/><circle cx='702' cy='108' r='7' fill='#f59e0b'/><circle cx='724' cy='108' r='7' fill='#22c55e'/>
<text x='760' y='115' ${font} font-size='20' font-weight='bold' fill='#0f172a'>SEO audit</text>
${rows}
<circle cx='1010' cy='200' r='44' fill='none' stroke='#e2e8f0' stroke-width='12'/>
<circle cx='1010' cy='200' r='44' fill='none' stroke='#22c55e' stroke-width='12' stroke-dasharray='250 277' transform='rotate(-90 1010 200)'/>
<text x='1010' y='209' ${font} font-size='26' font-weight='bold' fill='#0f172a' text-anchor='middle'>91</text>`,
  );
}

/** Slide 2: a stylised Delhi NCR map with the Yamuna and pins on the areas we serve. */
export function slideLocal() {
  const pins = [
    ['Rohini', 330, 120],
    ['Pitampura', 420, 175],
    ['Janakpuri', 300, 300],
    ['Laxmi Nagar', 720, 250],
    ['Noida', 850, 370],
  ];
  const pinSvg = pins
    .map(
      ([
        name,
        x,
        y,
      ]) => `<g transform='translate(${x} ${y})'><path d='M0 0 c-16 -22 -22 -30 -22 -40 a22 22 0 1 1 44 0 c0 10 -6 18 -22 40z' fill='#ef4444' stroke='#fff' stroke-width='3'/>
<circle cx='0' cy='-40' r='8' fill='#fff'/><rect x='-70' y='8' width='140' height='34' rx='17' fill='#fff'/>
<text y='31' ${font} font-size='18' font-weight='bold' fill='#0f172a' text-anchor='middle'>${name}</text></g>`,
    )
    .join('');
  return frame(
    1200,
    500,
    '#064e3b',
    '#0f766e',
    `
<path d='M640 0 C 600 120, 700 180, 660 260 S 720 420, 690 500' stroke='#38bdf8' stroke-width='34' fill='none' opacity='0.85'/>
<g stroke='#99f6e4' stroke-width='6' fill='none' opacity='0.45'>
<path d='M100 160 L1100 200'/><path d='M200 480 L540 20'/><path d='M120 330 L1150 420'/><path d='M980 0 L820 500'/>
<ellipse cx='560' cy='250' rx='330' ry='170'/></g>
${pinSvg}`,
  );
}

/** Slide 3: monthly enquiries growing beside a search result card. */
export function slideGrowth() {
  const bars = [70, 95, 120, 165, 210, 270]
    .map(
      (h, i) =>
        `<rect x='${110 + i * 78}' y='${430 - h}' width='52' height='${h}' rx='8' fill='${i === 5 ? '#fbbf24' : '#a5b4fc'}'/>`,
    )
    .join('');
  return frame(
    1200,
    500,
    '#312e81',
    '#6d28d9',
    `
<line x1='90' y1='432' x2='590' y2='432' stroke='#fff' stroke-width='4' opacity='0.6'/>${bars}
<rect x='660' y='90' width='450' height='320' rx='18' fill='#fff'/>
<rect x='690' y='120' width='390' height='40' rx='20' fill='#f1f5f9' stroke='#cbd5e1' stroke-width='2'/>
<circle cx='1050' cy='140' r='9' fill='none' stroke='#64748b' stroke-width='3'/><line x1='1057' y1='147' x2='1064' y2='154' stroke='#64748b' stroke-width='3'/>
${[0, 1, 2]
  .map(
    (
      i,
    ) => `<rect x='690' y='${190 + i * 70}' width='${i === 0 ? 300 : 260}' height='16' rx='8' fill='${i === 0 ? '#1d4ed8' : '#93c5fd'}'/>
<rect x='690' y='${214 + i * 70}' width='360' height='10' rx='5' fill='#e2e8f0'/><rect x='690' y='${230 + i * 70}' width='300' height='10' rx='5' fill='#e2e8f0'/>`,
  )
  .join('')}
<rect x='1010' y='186' width='70' height='26' rx='13' fill='#dcfce7'/><text x='1045' y='205' ${font} font-size='16' font-weight='bold' fill='#166534' text-anchor='middle'>#1</text>`,
  );
}

/** A locality card: the metro line that serves the area and pins on its real neighbourhoods. */
export function localityMap({ title, line, lineColor, places }) {
  const step = 560 / (places.length - 1);
  const stops = places
    .map((name, i) => {
      const x = 120 + i * step;
      const y = 260 + (i % 2 === 0 ? -40 : 40);
      const labelY = i % 2 === 0 ? y - 34 : y + 50;
      return `<line x1='${x}' y1='${y}' x2='${x}' y2='260' stroke='${lineColor}' stroke-width='4'/>
<circle cx='${x}' cy='${y}' r='14' fill='#fff' stroke='${lineColor}' stroke-width='6'/>
<text x='${x}' y='${labelY}' ${font} font-size='19' font-weight='bold' fill='#0f172a' text-anchor='middle'>${name}</text>`;
    })
    .join('');
  return `<svg xmlns='http://www.w3.org/2000/svg' width='800' height='500' viewBox='0 0 800 500'>
<rect width='800' height='500' fill='#f8fafc'/>
<g stroke='#e2e8f0' stroke-width='2'>${Array.from({ length: 9 }, (_, i) => `<line x1='${i * 100}' y1='0' x2='${i * 100}' y2='500'/>`).join('')}
${Array.from({ length: 6 }, (_, i) => `<line x1='0' y1='${i * 100}' x2='800' y2='${i * 100}'/>`).join('')}</g>
<rect x='40' y='30' width='720' height='64' rx='14' fill='#0f172a'/>
<text x='70' y='72' ${font} font-size='26' font-weight='bold' fill='#fff'>${title}</text>
<line x1='60' y1='260' x2='740' y2='260' stroke='${lineColor}' stroke-width='14' stroke-linecap='round'/>
${stops}
<rect x='40' y='420' width='${line.length * 10.5 + 60}' height='44' rx='22' fill='${lineColor}'/>
<text x='70' y='449' ${font} font-size='18' font-weight='bold' fill='#fff'>${line}</text></svg>`;
}
