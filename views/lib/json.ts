/**
 * JSON for embedding inside an HTML <script> element: `<`, U+2028 and U+2029 are escaped so a
 * string such as "</script>" in the data can never close the element or break the parser.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
