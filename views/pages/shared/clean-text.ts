/**
 * Text people type is stored and later shown to the operator (the /admin inbox, `npm run
 * submissions` in a terminal, e-mail). Terminal escape sequences could rewrite that terminal, and
 * NUL and other control characters only hide or garble text, so they are removed before storing.
 */

/* eslint-disable no-control-regex -- control characters are exactly what these patterns remove */
// ESC-introduced sequences: CSI (colours, cursor moves), OSC (window titles, hyperlinks; ends with
// BEL or ESC \), DCS/SOS/PM/APC strings, and the two-byte forms; plus the 8-bit C1 CSI and OSC.
const ESCAPE_SEQUENCES = new RegExp(
  [
    '\\u001b\\[[0-?]*[ -/]*[@-~]?',
    '\\u001b[\\]PX^_][^\\u0007\\u001b]*(?:\\u0007|\\u001b\\\\)?',
    '\\u001b[ -/]*[0-~]?',
    '\\u009b[0-?]*[ -/]*[@-~]?',
    '\\u009d[^\\u0007\\u009c]*[\\u0007\\u009c]?',
  ].join('|'),
  'g',
);
// Every C0 control but tab, line feed and carriage return; DEL; the C1 range.
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */

/**
 * `text` without escape sequences and control characters. Multi-line text keeps tabs and line
 * breaks (CRLF and CR become LF); single-line text gets a space for each run of them.
 */
export function cleanText(text: string, { multiline }: { multiline: boolean }): string {
  const stripped = text.replace(ESCAPE_SEQUENCES, '').replace(CONTROLS, '');
  return multiline ? stripped.replace(/\r\n?/g, '\n') : stripped.replace(/[\t\n\r]+/g, ' ');
}
