import { describe, expect, it } from 'vitest';
import { createBuiltinEngine } from '../builtin/builtin-engine';
import { findTopic } from '../builtin/bank/bank';
import { decodeEntities } from './html-entities';
import { stemWord } from './stem';

// Words a student can type that are also the names of Object.prototype's members: a lookup table that is a
// plain object must never hand back a function for them (the tutor once failed with a 500 on
// '{{constructor.constructor("return 1")()}}').
const PROTOTYPE_WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable'];

describe('the text toolkit with words that name Object.prototype members', () => {
  it('stems them as words', () => {
    for (const word of PROTOTYPE_WORDS) expect(typeof stemWord(word), word).toBe('string');
    expect(stemWord('constructor')).toBe(stemWord('constructors'));
  });

  it('leaves them alone as entity names', () => {
    for (const word of PROTOTYPE_WORDS) expect(decodeEntities(`a &${word}; b`)).toBe(`a &${word}; b`);
    expect(decodeEntities('&lt; &amp;')).toBe('< &');
  });

  it('finds no topic for them rather than failing', () => {
    for (const word of PROTOTYPE_WORDS) expect(() => findTopic('Biology', word)).not.toThrow();
  });

  it('the built-in tutor answers them on every kind of question', async () => {
    const engine = createBuiltinEngine();
    const paper = await engine.generatePaper({ subject: 'Chemistry', difficulty: 'medium', count: 10, seed: 7 });
    for (const question of paper.questions)
      for (const message of ['{{constructor.constructor("return 1")()}}', PROTOTYPE_WORDS.join(' ')]) {
        const reply = await engine.tutorReply({ question, answer: null, feedback: null, history: [], message });
        expect(reply.content.length, `${question.type}: ${message}`).toBeGreaterThan(0);
      }
  });
});
