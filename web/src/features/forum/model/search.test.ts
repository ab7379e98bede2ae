import { describe, expect, it } from 'vitest';
import { matchesPost, parseQuery } from './search';

const post = {
  title: 'Hammered penny near the café',
  content: 'Found with my metal-detecting club, Edward I.',
};
const match = (q: string) => {
  const terms = parseQuery(q);
  return terms !== null && matchesPost(post, terms);
};

describe('offline forum search (mirrors the server FTS5 query)', () => {
  it('ANDs the words over title and content, ignoring case', () => {
    expect(match('HAMMERED edward')).toBe(true);
    expect(match('hammered roman')).toBe(false);
  });

  it('matches the last word as a prefix once it has 2 characters', () => {
    expect(match('hamm')).toBe(true);
    expect(match('penny ed')).toBe(true);
    expect(match('h')).toBe(false);
    // Only the last term is a prefix.
    expect(match('hamm penny')).toBe(false);
  });

  it('ignores accents both ways', () => {
    expect(match('cafe')).toBe(true);
    expect(match('CAFÉ')).toBe(true);
  });

  it('treats a hyphenated term as adjacent words, and punctuation-only queries as no query', () => {
    expect(match('metal-detecting')).toBe(true);
    expect(match('detecting-metal')).toBe(false);
    expect(parseQuery('  ?! ')).toBeNull();
  });
});
