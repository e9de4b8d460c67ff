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
});
