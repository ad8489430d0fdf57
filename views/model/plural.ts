/** "1 check", "3 checks", "2 pages crawled": a count and its word, the plural given when it is not an s. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}
