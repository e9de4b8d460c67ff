import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { answerAbout, leadTerm, leadTerms } from './terms';

const QUESTION = 'Distinguish between primary data and secondary data. [4 marks]';
const SCHEME: MarkPointInput[] = [
  { id: 'p1', text: 'primary data: collected first-hand by the researcher for the purpose of the study' },
  { id: 'p2', text: 'primary data can be designed to fit the aim, but it takes time and money to collect' },
  { id: 'p3', text: 'secondary data: collected by someone else for another purpose and reused by the researcher' },
  { id: 'p4', text: 'secondary data is cheap and quick to obtain, but may not fit the aim or may be out of date' },
];
const mark = (answer: string) => markAnswer({ questionText: QUESTION, type: 'short_answer', totalMarks: 4, markScheme: SCHEME, answer });

describe('definitions bound to their terms', () => {
  it('finds the term a point defines, where the question names it', () => {
    expect(leadTerm('primary data: collected first-hand by the researcher', QUESTION)).toBe('primary data');
    expect(leadTerm('secondary data is cheap and quick to obtain', QUESTION)).toBe('secondary data');
    // a label, or a term the question does not name, is no lead term
    expect(leadTerm('strength: it can be replicated', QUESTION)).toBeUndefined();
    expect(leadTerm('a questionnaire is a list of written questions', QUESTION)).toBeUndefined();
    // initials stand for a term another point spells out
    expect(
      leadTerms(
        ['informational social influence: conforming to be right', 'ISI leads to internalisation'],
        'Outline informational social influence.',
      ),
    ).toEqual(['informational social influence', 'informational social influence']);
  });

  it('keeps the parts of an answer about one term: its sentences, the ones that go on about it, a whereas clause of its own', () => {
    const terms = ['primary data', 'secondary data'];
    const answer =
      'Primary data is gathered by the researcher. It fits the aim. Secondary data was collected by others, whereas primary data is new.';
    expect(answerAbout(answer, 'primary data', terms)).toBe(
      'Primary data is gathered by the researcher. It fits the aim. whereas primary data is new.',
    );
    expect(answerAbout(answer, 'secondary data', terms)).toBe('Secondary data was collected by others');
    // an answer that never names the term is judged whole
    expect(answerAbout('The researcher gathers it first-hand.', 'primary data', terms)).toBeUndefined();
    // a longer term that holds a shorter one is not a mention of the shorter
    expect(
      answerAbout('Proactive interference is old blocking new. Interference is a clash.', 'interference', [
        'interference',
        'proactive interference',
      ]),
    ).toBe('Interference is a clash.');
  });

  it('gives the definitions their marks when each is given for its own term, and none when they are swapped', () => {
    const right = mark(
      'Primary data is collected first-hand by the researcher for the purpose of their own study. Secondary data was collected by someone else for another purpose and is reused by the researcher.',
    );
    expect(right.markscheme_evaluation.filter((e) => ['p1', 'p3'].includes(e.point_id)).map((e) => e.status)).toEqual([
      'COVERED',
      'COVERED',
    ]);
    const swapped = mark(
      'Primary data was collected by someone else for another purpose and is reused by the researcher. Secondary data is collected first-hand by the researcher for the purpose of their own study.',
    );
    expect(swapped.markscheme_evaluation.filter((e) => ['p1', 'p3'].includes(e.point_id)).map((e) => e.status)).not.toContain('COVERED');
  });
});
