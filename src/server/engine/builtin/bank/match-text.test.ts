import { describe, expect, it } from 'vitest';
import { editDistance } from '../../text/edit-distance';
import { stemWord } from '../../text/stem';
import { matchToken, normaliseText, slugify, tokenise } from './match-text';

describe('match-text', () => {
  it('normalises HTML, KaTeX commands, accents and punctuation', () => {
    expect(normaliseText('<p>Le Châtelier&nbsp;&amp; \\( \\frac{1}{2} \\) <b>rates</b>!</p>')).toBe('le chatelier 1 2 rates');
    expect(normaliseText('x < 5 and y > 3')).toBe('x 5 and y 3');
  });

  it('slugs names', () => {
    expect(slugify('Proof, algebra & functions')).toBe('proof-algebra-functions');
    expect(slugify('  Computer Science ')).toBe('computer-science');
  });

  it('stems word families together', () => {
    expect(stemWord('enzymes')).toBe(stemWord('enzyme'));
    expect(stemWord('molecules')).toBe(stemWord('molecule'));
    expect(stemWord('theories')).toBe('theory');
    expect(matchToken(stemWord('differentiating'), stemWord('differentiation'))).toBeGreaterThan(0);
    expect(matchToken(stemWord('integrating'), stemWord('integration'))).toBeGreaterThan(0);
  });

  it('drops stopwords, numbers and one-letter words', () => {
    expect(tokenise('What is the rate of a reaction at 25 degrees?')).toEqual(['rate', 'reaction', 'degre']);
  });

  it('matches abbreviations and one-letter typos but not unrelated words', () => {
    expect(matchToken('trig', 'trigonometry')).toBe(0.8);
    expect(matchToken('diffraktion', 'diffraction')).toBe(0.7);
    expect(matchToken('organ', 'inorgan')).toBe(0);
    expect(matchToken('cel', 'cello')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });
});
