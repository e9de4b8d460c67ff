import { describe, expect, it } from 'vitest';
import { escapeGift, parseGift, unescapeGift } from './parse-gift';

describe('escapeGift / unescapeGift', () => {
  it('round-trips every special character, backslashes and newlines', () => {
    const text = 'a ~ b = c # d { e } f : g \\ h \\( \\frac{1}{2} \\) \\neq\nnext line';
    const escaped = escapeGift(text);
    expect(escaped).toBe('a \\~ b \\= c \\# d \\{ e \\} f \\: g \\\\ h \\\\( \\\\frac\\{1\\}\\{2\\} \\\\) \\\\neq\\nnext line');
    expect(unescapeGift(escaped)).toBe(text);
  });

  it('leaves a backslash before an ordinary character alone', () => {
    expect(unescapeGift('\\( x \\)')).toBe('\\( x \\)');
  });
});

describe('parseGift', () => {
  it('parses multiple choice with title, feedback, weights and comments', () => {
    const { questions, errors } = parseGift(`// a file comment on its own

// difficulty: easy
::Capital::What is the capital of France? {
  =Paris#Right.
  ~London#No, that is the UK.
  ~%-50%Berlin
  ~Madrid
####Paris has been the capital since 987.
}
`);
    expect(errors).toEqual([]);
    expect(questions).toHaveLength(1);
    const q = questions[0];
    expect(q).toMatchObject({
      number: 1,
      line: 3,
      title: 'Capital',
      comments: ['difficulty: easy'],
      text: 'What is the capital of France?',
    });
    expect(q.generalFeedback).toBe('Paris has been the capital since 987.');
    expect(q.answer).toEqual({
      kind: 'multiple_choice',
      choices: [
        { text: 'Paris', correct: true, feedback: 'Right.' },
        { text: 'London', correct: false, feedback: 'No, that is the UK.' },
        { text: 'Berlin', correct: false, weight: -50 },
        { text: 'Madrid', correct: false },
      ],
    });
  });

  it('parses short answer, essay, numerical (tolerance, range, several answers) and true/false', () => {
    const { questions, errors } =
      parseGift(`Name the organelle that carries out aerobic respiration. {=mitochondrion =mitochondria =%0%nucleus}

Discuss the causes of the First World War. {}

What is pi to two decimal places? {#3.14:0.005}

Give a number between 1 and 2. {#1..2}

What is e? {# =2.718:0.001 =%50%2.7:0.1#close}

The sun is a star. {T}`);
    expect(errors).toEqual([]);
    expect(questions.map((q) => q.answer)).toEqual([
      {
        kind: 'short_answer',
        answers: [
          { text: 'mitochondrion', correct: true },
          { text: 'mitochondria', correct: true },
          { text: 'nucleus', correct: true, weight: 0 },
        ],
      },
      { kind: 'essay' },
      { kind: 'numerical', answers: [{ value: 3.14, tolerance: 0.005 }] },
      { kind: 'numerical', answers: [{ value: 1.5, tolerance: 0.5 }] },
      {
        kind: 'numerical',
        answers: [
          { value: 2.718, tolerance: 0.001 },
          { value: 2.7, tolerance: 0.1, weight: 50, feedback: 'close' },
        ],
      },
      { kind: 'true_false', value: true },
    ]);
    expect(questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(questions.map((q) => q.line)).toEqual([1, 3, 5, 7, 9, 11]);
  });

  it('handles escaped characters in text, titles and answers', () => {
    const { questions, errors } = parseGift('::Ratio \\: 1\\:2::Solve \\{x\\} \\= 2 \\# 1 \\~ 3 {=a \\= b\\#c ~x \\~ y ~z}');
    expect(errors).toEqual([]);
    expect(questions[0].title).toBe('Ratio : 1:2');
    expect(questions[0].text).toBe('Solve {x} = 2 # 1 ~ 3');
    expect(questions[0].answer).toEqual({
      kind: 'multiple_choice',
      choices: [
        { text: 'a = b#c', correct: true },
        { text: 'x ~ y', correct: false },
        { text: 'z', correct: false },
      ],
    });
  });

  it('reads missing-word questions, text formats, categories and matching', () => {
    const { questions, errors, categories } = parseGift(`// description: Things about cells.
$CATEGORY: $course$/Biology/Cells

[markdown]The powerhouse of the cell is the {=mitochondrion ~nucleus ~ribosome} of course.

Match the organelles. {=mitochondrion -> respiration =ribosome -> protein synthesis =chloroplast -> photosynthesis}`);
    expect(errors).toEqual([]);
    expect(categories).toEqual([{ name: '$course$/Biology/Cells', comments: ['description: Things about cells.'] }]);
    expect(questions[0]).toMatchObject({
      format: 'markdown',
      category: '$course$/Biology/Cells',
      text: 'The powerhouse of the cell is the _____ of course.',
    });
    expect(questions[1].answer).toEqual({
      kind: 'matching',
      pairs: [
        { left: 'mitochondrion', right: 'respiration' },
        { left: 'ribosome', right: 'protein synthesis' },
        { left: 'chloroplast', right: 'photosynthesis' },
      ],
    });
  });

  it('reports each broken question with its number, line and title and keeps parsing', () => {
    const { questions, errors } = parseGift(`::No answer::This has no answer block.

::Unclosed::This never closes {=a ~b

::Good::A fine question. {=yes ~no ~maybe}

::Nested::Braces {=a {b} ~c}

::Bad number::Pi? {#three:0.1}

::Stray::Text {oops =a}`);
    // text with no answer block is a Moodle description item, not an error
    expect(questions.map((q) => [q.title, q.answer.kind])).toEqual([
      ['No answer', 'description'],
      ['Good', 'multiple_choice'],
    ]);
    expect(errors).toEqual([
      { number: 2, line: 3, title: 'Unclosed', message: 'the answer block is not closed with }' },
      { number: 4, line: 7, title: 'Nested', message: 'a { inside the answer block must be escaped as \\{' },
      { number: 5, line: 9, title: 'Bad number', message: '"three" is not a number' },
      { number: 6, line: 11, title: 'Stray', message: 'answers must start with = or ~ (found "oops")' },
    ]);
  });

  it('reads numerical wrong-answer feedback and true/false feedback', () => {
    const { questions, errors } = parseGift(
      'What is 3 ± 2? {#3:2~#Completely wrong}\n\nThe Sun is a star. {T#No: it is.#Yes: a main-sequence star.}',
    );
    expect(errors).toEqual([]);
    expect(questions[0].answer).toEqual({ kind: 'numerical', answers: [{ value: 3, tolerance: 2 }], wrongFeedback: 'Completely wrong' });
    expect(questions[1].answer).toEqual({
      kind: 'true_false',
      value: true,
      wrongFeedback: 'No: it is.',
      rightFeedback: 'Yes: a main-sequence star.',
    });
  });

  it('keeps an answer block that spans lines in one question; a blank line ends a question', () => {
    const { questions, errors } = parseGift('Which is prime? {\n=7\n// a comment inside\n~8\n~9\n}\n\nNext question. {}');
    expect(errors).toEqual([]);
    expect(questions).toHaveLength(2);
    expect(questions[0].answer).toMatchObject({ kind: 'multiple_choice', choices: [{ text: '7' }, { text: '8' }, { text: '9' }] });
  });
});
