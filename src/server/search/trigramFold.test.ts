import { describe, expect, it } from 'vitest';
import { spellingIn, trigramFold } from './trigramFold';

describe('spellingIn: how a text spells a phrase the trigram index folds', () => {
  it('finds the piece as written, whatever case, diacritics, punctuation or script around it', () => {
    expect(spellingIn('(Lumina Hydra Cream,', 'lumina hydra cream')).toBe('Lumina Hydra Cream');
    expect(spellingIn('CAFÉ loud', trigramFold('cafe'))).toBe('CAFÉ');
    expect(spellingIn('Ｇｌｏｗ!', trigramFold('ｇｌｏｗ'))).toBe('Ｇｌｏｗ');
    expect(spellingIn('x😀 serum', trigramFold('😀 SER'))).toBe('😀 ser');
    expect(spellingIn('Straße', trigramFold('STRASSE'))).toBeNull();
    expect(spellingIn('serum', 'glow')).toBeNull();
  });

  it('a text holding the spelling folds to one holding the phrase (a combining mark inside stays, one after is left out)', () => {
    expect(spellingIn('cafe\u0301s', 'cafe')).toBe('cafe');
    expect(spellingIn('e\u0301le\u0300ve', trigramFold('éle'))).toBe('e\u0301le');
    for (const [text, phrase] of [['Mañana compro otra CREMA', 'otra crema'], ['Ǆemal and ǅemal', 'ǆemal and']] as const) {
      const spelling = spellingIn(text, trigramFold(phrase));
      expect(spelling && text.includes(spelling) && trigramFold(spelling)).toBe(trigramFold(phrase));
    }
  });
});
