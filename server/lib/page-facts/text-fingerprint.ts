import { createHash } from 'node:crypto';

/**
 * Words and fingerprints of a page's visible body text, fed piece by piece while the HTML streams.
 * A word is a run of letters, digits or apostrophes (any non-ASCII letter counts); a word never
 * spans a tag, so the result does not depend on how the body arrived in chunks.
 *
 * - `hash`: SHA-1 of the text with all whitespace removed. Two pages share it exactly when their
 *   visible text is the same once whitespace is normalised (what `duplicate-content` means).
 * - `minhash`: 128 MinHash values of the set of lower-cased word 3-shingles; the share of equal
 *   values between two pages estimates the Jaccard similarity of their texts (near-duplicates).
 */
export interface TextFingerprint {
  words: number;
  hash: string;
  minhash: Uint32Array;
}

export const MINHASH_SIZE = 128;
const MAX_TRACKED_SHINGLES = 65_536;

// Odd multipliers and seeds for the 128 hash functions, fixed so results are reproducible.
const SEEDS = new Uint32Array(MINHASH_SIZE);
const MULTIPLIERS = new Uint32Array(MINHASH_SIZE);
{
  let state = 0x2545f491;
  for (let i = 0; i < MINHASH_SIZE; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    SEEDS[i] = state;
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    MULTIPLIERS[i] = (state | 1) >>> 0;
  }
}

function isWordChar(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 39;
  // Non-ASCII counts as a letter unless it is one of Unicode's spaces or common punctuation.
  return !(code === 0xa0 || (code >= 0x2000 && code <= 0x206f) || code === 0x3000 || code === 0xfeff);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Final avalanche (murmur3 fmix32) so that similar shingles spread over all 32 bits. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A char-code loop instead of a Unicode regex: it is ~5x faster on 100 KB pages (the audit's hot path). */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const word = isWordChar(text.charCodeAt(index));
    if (word && !inWord) count += 1;
    inWord = word;
  }
  return count;
}

/** Counts words only (the cheap mode the one-page tools use). */
export function createWordCounter() {
  let words = 0;
  let inWord = false;
  return {
    text(text: string): void {
      for (let index = 0; index < text.length; index += 1) {
        const word = isWordChar(text.charCodeAt(index));
        if (word && !inWord) words += 1;
        inWord = word;
      }
    },
    /** A tag ends any word in progress. */
    boundary(): void {
      inWord = false;
    },
    get words(): number {
      return words;
    },
  };
}

/** Counts words and builds both fingerprints in one pass over the characters. */
export function createTextFingerprinter() {
  const sha = createHash('sha1');
  const minhash = new Uint32Array(MINHASH_SIZE).fill(0xffffffff);
  let words = 0;
  let inWord = false;
  let token = FNV_OFFSET;
  // The last two finished word hashes, for 3-shingles.
  let prev1 = 0;
  let prev2 = 0;
  let seen = 0;

  // MinHash is over the *set* of shingles: a repeat changes nothing, so skip it (boilerplate and
  // repeated blocks are common). Bounded, so a huge page costs memory only up to the cap.
  const seenShingles = new Set<number>();

  function addShingle(a: number, b: number, c: number): void {
    const shingle = mix(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ c);
    if (seenShingles.has(shingle)) return;
    if (seenShingles.size < MAX_TRACKED_SHINGLES) seenShingles.add(shingle);
    for (let i = 0; i < MINHASH_SIZE; i += 1) {
      let value = Math.imul(shingle ^ SEEDS[i], MULTIPLIERS[i]);
      value = (value ^ (value >>> 15)) >>> 0;
      if (value < minhash[i]) minhash[i] = value;
    }
  }

  function endWord(): void {
    if (!inWord) return;
    inWord = false;
    const hash = mix(token);
    seen += 1;
    if (seen >= 3) addShingle(prev2, prev1, hash);
    prev2 = prev1;
    prev1 = hash;
  }

  return {
    text(text: string): void {
      const compact = text.replace(/\s+/g, '');
      if (compact) sha.update(compact);
      for (let index = 0; index < text.length; index += 1) {
        let code = text.charCodeAt(index);
        if (isWordChar(code)) {
          if (!inWord) {
            inWord = true;
            words += 1;
            token = FNV_OFFSET;
          }
          if (code >= 65 && code <= 90) code |= 0x20;
          token = Math.imul(token ^ code, FNV_PRIME);
        } else {
          endWord();
        }
      }
    },
    boundary(): void {
      endWord();
    },
    get words(): number {
      return words;
    },
    finish(): TextFingerprint {
      endWord();
      // Texts of one or two words have no 3-shingle: their single "shingle" is the words themselves.
      if (seen > 0 && seen < 3) addShingle(prev2, prev1, seen);
      return { words, hash: sha.digest('hex'), minhash };
    },
  };
}

/** Estimated Jaccard similarity of two texts' shingle sets: the share of equal MinHash values. */
export function minhashSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < MINHASH_SIZE; i += 1) if (a[i] === b[i]) same += 1;
  return same / MINHASH_SIZE;
}
