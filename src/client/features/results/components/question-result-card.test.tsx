// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionResult } from '../../../../shared/attempts';
import { PRACTICE_TEXT } from '../../../../shared/practice-text';
import { QuestionResultCard } from './question-result-card';

const question = {
  id: 'q1',
  courseId: 'c1',
  paperId: 'p1',
  questionNumber: 2,
  text: '<p>Discuss the causes of the First World War.</p>',
  type: 'essay' as const,
  totalMarks: 20,
  options: null,
  correctAnswer: null,
  topic: 'Causes',
};

const waiting: QuestionResult = {
  question: { ...question, needsScheme: true },
  answerText: 'Alliances, militarism and imperialism.',
  submitted: true,
  marksAwarded: null,
  timeSpentSeconds: 600,
  feedback: null,
  note: PRACTICE_TEXT.needsSchemeNote,
};

afterEach(cleanup);

describe('QuestionResultCard', () => {
  it('shows why a question is not marked when the finish result says (no mark scheme yet)', () => {
    render(<QuestionResultCard result={waiting} />);
    const card = screen.getByRole('region', { name: 'Question 2' });
    expect(within(card).getByText('Not marked')).toBeTruthy();
    expect(within(card).getByText(PRACTICE_TEXT.needsSchemeNote)).toBeTruthy();
    expect(within(card).getByText('Alliances, militarism and imperialism.')).toBeTruthy();
  });

  it('shows no note when there is none', () => {
    const { note: _note, ...marked } = waiting;
    render(<QuestionResultCard result={{ ...marked, question, marksAwarded: 12 }} />);
    const card = screen.getByRole('region', { name: 'Question 2' });
    expect(within(card).getByText('12 / 20 marks')).toBeTruthy();
    expect(within(card).queryByText(PRACTICE_TEXT.needsSchemeNote)).toBeNull();
    expect(within(card).queryByTestId('result-note')).toBeNull();
  });

  const marked = (feedback: QuestionResult['feedback'], extra: Partial<QuestionResult> = {}): QuestionResult => ({
    question: { ...question, totalMarks: feedback?.total_marks ?? 2 },
    answerText: 'An answer.',
    submitted: true,
    marksAwarded: feedback?.marks_awarded ?? null,
    timeSpentSeconds: 60,
    feedback,
    ...extra,
  });
  const point = (id: string, status: string, marks: number, awarded: number) => ({
    point_id: id,
    text: `point ${id}`,
    status,
    justification: '',
    marks,
    marks_awarded: awarded,
    kind: 'B' as const,
  });

  it('puts no red ✗ beside a point of an answer with full marks, and says “Says the opposite” otherwise', () => {
    const full = {
      marks_awarded: 2,
      total_marks: 2,
      qualitative_feedback: '',
      markscheme_evaluation: [point('a', 'COVERED', 2, 2), point('b', 'CONTRADICTED', 1, 0)],
    };
    render(<QuestionResultCard result={marked(full)} />);
    expect(document.querySelector('[data-tone="opposite"]')).toBeNull();
    expect(screen.queryByText('Says the opposite')).toBeNull();
    cleanup();
    render(<QuestionResultCard result={marked({ ...full, marks_awarded: 1 })} />);
    expect(document.querySelector('[data-status="CONTRADICTED"] [data-tone="opposite"]')).toBeTruthy();
    expect(screen.getByText('Says the opposite')).toBeTruthy();
  });

  it('shows a levels-marked answer’s level and descriptor and its indicative content without “B 0/0”', () => {
    render(
      <QuestionResultCard
        result={marked({
          marks_awarded: 4,
          total_marks: 6,
          qualitative_feedback: '',
          level: { level: 2, min_marks: 3, max_marks: 4, descriptor: 'A reasoned explanation.' },
          markscheme_evaluation: [point('a', 'COVERED', 0, 0), point('b', 'NOT_COVERED', 0, 0)],
        })}
      />,
    );
    expect(screen.getByTestId('result-level').textContent).toContain('A reasoned explanation.');
    expect(document.querySelector('[data-status="COVERED"] [data-tone="covered"]')).toBeTruthy();
    expect(document.querySelector('[data-status="NOT_COVERED"] [data-tone="plain"]')).toBeTruthy();
    expect(screen.queryByText(/0 \/ 0/)).toBeNull();
  });

  it('says how many marks are self-assessed, and which point', () => {
    render(
      <QuestionResultCard
        result={marked(
          {
            marks_awarded: 2,
            total_marks: 3,
            qualitative_feedback: '',
            markscheme_evaluation: [point('a', 'COVERED', 1, 1), point('b', 'NOT_COVERED', 1, 0)],
          },
          { selfAssessments: [{ point_id: 'b', marks_awarded: 1, at: '2020-01-01T00:00:00.000Z' }], selfAssessedMarks: 1 },
        )}
      />,
    );
    expect(screen.getByText('2 / 3 marks (1 mark self-assessed)')).toBeTruthy();
    expect(screen.getByTestId('result-self-assessed').textContent).toBe('Self-assessed: you gave yourself 1 of 1');
  });

  it('raises powers written with a caret in the scheme, the notes, the justification and the feedback (issue 24)', () => {
    const { container } = render(
      <QuestionResultCard
        result={marked({
          marks_awarded: 0,
          total_marks: 1,
          qualitative_feedback: '<p>Add: λ = 4.5 × 10^-7 m.</p>',
          markscheme_evaluation: [
            {
              ...point('a', 'NOT_COVERED', 1, 0),
              text: 'λ = 4.5 × 10^-7 m',
              note: 'ECF from your value of 3 m s^-1',
              justification: 'Not credited: your value "2" is not the expected 4.5 × 10^-7 m.',
            },
            { ...point('b', 'NOT_COVERED', 0, 0), text: 'V = V0 e^(-t/RC)' },
          ],
        })}
      />,
    );
    const a = container.querySelector('li')!;
    expect(a.textContent).toContain('λ = 4.5 × 10⁻⁷ m');
    expect(within(a).getByText('ECF from your value of 3 m s⁻¹')).toBeTruthy();
    expect(within(a).getByText('Not credited: your value "2" is not the expected 4.5 × 10⁻⁷ m.')).toBeTruthy();
    expect(container.querySelectorAll('.rich-html')[1].textContent).toBe('Add: λ = 4.5 × 10⁻⁷ m.');
    expect(container.querySelectorAll('li')[1].querySelector('sup')?.textContent).toBe('-t/RC');
    expect(container.textContent).not.toContain('^');
    // a point worth nothing has no "0 / 0"; one mark is "mark"
    expect(screen.queryByText(/0 \/ 0/)).toBeNull();
    expect(screen.getByText('0 / 1 mark')).toBeTruthy();
  });

  it('says “Check this point yourself” beside a point the marker was not sure of, with the way back to the question', () => {
    render(
      <QuestionResultCard
        result={marked(
          {
            marks_awarded: 1,
            total_marks: 3,
            qualitative_feedback: '',
            markscheme_evaluation: [
              { ...point('a', 'COVERED', 1, 1), confidence: 0.95 },
              { ...point('b', 'NOT_COVERED', 1, 0), confidence: 0.3 },
              { ...point('c', 'NOT_COVERED', 1, 0), confidence: 0.3 },
            ],
          },
          { selfAssessments: [{ point_id: 'c', marks_awarded: 0, at: '2020-01-01T00:00:00.000Z' }] },
        )}
      />,
    );
    const checks = screen.getAllByTestId('result-check-yourself');
    // b only: a is sure, c is already self-assessed
    expect(checks).toHaveLength(1);
    expect(checks[0].closest('li')?.textContent).toContain('point b');
    expect(checks[0].textContent).toContain('Check this point yourself');
    expect(within(checks[0]).getByRole('link', { name: 'Mark it yourself on the question' }).getAttribute('href')).toBe(
      '/courses/c1/papers/p1/questions/q1',
    );
  });
});
