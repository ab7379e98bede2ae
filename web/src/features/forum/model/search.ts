/**
 * Offline forum search over what Dexie holds, mirroring the server's FTS5 query (sync-server forum
 * search.ts, tokenizer unicode61 remove_diacritics 2): words are letters and digits, case and accents
 * are ignored, every term must match a word of the title or content (ANDed), and the last term matches
 * as a prefix once it has at least 2 characters, so results follow the member as they type.
 */
import { SEARCH_MAX_TERMS } from '@schema/contracts/forum-constants';

const MIN_PREFIX_LENGTH = 2;
const MAX_TERM_LENGTH = 64;
const SEARCHABLE = /[\p{L}\p{N}]/u;

/** Lower case without accents: "Café" → "cafe" (what remove_diacritics does for Latin letters). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, as the tokenizer sees them. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export interface SearchTerm {
  /** The words of one typed term: FTS5 quotes it as a phrase, so "metal-detecting" is two adjacent words. */
  words: string[];
  /** The last word of the last term matches as a prefix. */
  prefix: boolean;
}

/** The typed query as terms, or null when it holds nothing searchable (the server answers nothing then). */
export function parseQuery(input: string): SearchTerm[] | null {
  const raw = input
    .split(/\s+/u)
    .filter((t) => SEARCHABLE.test(t))
    .slice(0, SEARCH_MAX_TERMS)
    .map((t) => [...t].slice(0, MAX_TERM_LENGTH).join(''));
  if (raw.length === 0) return null;
  return raw.map((term, i) => ({
    words: wordsOf(term),
    prefix: i === raw.length - 1 && [...term].length >= MIN_PREFIX_LENGTH,
  }));
}

/** True when the phrase's words occur in a row, the last one as a prefix if asked. */
function hasPhrase(words: readonly string[], term: SearchTerm): boolean {
  const n = term.words.length;
  for (let i = 0; i + n <= words.length; i++) {
    let ok = true;
    for (let j = 0; j < n && ok; j++) {
      const word = words[i + j] ?? '';
      const want = term.words[j] ?? '';
      ok = term.prefix && j === n - 1 ? word.startsWith(want) : word === want;
    }
    if (ok) return true;
  }
  return false;
}

/** Matches title and content separately, like the two FTS5 columns (a phrase does not span them). */
export function matchesPost(post: { title: string; content: string }, terms: readonly SearchTerm[]): boolean {
  const title = wordsOf(post.title);
  const content = wordsOf(post.content);
  return terms.every((term) => hasPhrase(title, term) || hasPhrase(content, term));
}
