// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../../shared/practice';
import { AnswerInput } from './answer-input';

afterEach(cleanup);

const question: Question = {
  id: 'q1',
  courseId: 'c1',
  paperId: 'p1',
  questionNumber: 1,
  text: '<p>Which of these quantities are vectors?</p>',
  type: 'multiple_choice',
  totalMarks: 2,
  options: { A: 'velocity', B: 'force', C: 'mass' },
  correctAnswer: null,
  topic: null,
};

describe('AnswerInput: multiple choice', () => {
  it('offers one answer with radio buttons for an ordinary question', () => {
    const onChange = vi.fn();
    render(<AnswerInput question={question} value="" onChange={onChange} disabled={false} />);
    expect(screen.getByText('Choose one answer.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('radio')[1]);
    expect(onChange).toHaveBeenCalledWith('B');
  });

  it("shows a shuffled question's options in the student's own order, each with its own letter", () => {
    const onChange = vi.fn();
    render(<AnswerInput question={{ ...question, optionOrder: ['C', 'A', 'B'] }} value="" onChange={onChange} disabled={false} />);
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['C', 'A', 'B']);
    fireEvent.click(screen.getAllByRole('radio')[0]);
    expect(onChange).toHaveBeenCalledWith('C');
  });

  it('offers checkboxes for a multiple-response question and answers with the chosen letters', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <AnswerInput question={{ ...question, multipleResponse: true }} value="" onChange={onChange} disabled={false} />,
    );
    expect(screen.getByText('Choose all the right answers.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    expect(onChange).toHaveBeenLastCalledWith('C');
    rerender(<AnswerInput question={{ ...question, multipleResponse: true }} value="C" onChange={onChange} disabled={false} />);
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    expect(onChange).toHaveBeenLastCalledWith('A, C');
    rerender(<AnswerInput question={{ ...question, multipleResponse: true }} value="A, C" onChange={onChange} disabled={false} />);
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, false, true]);
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    expect(onChange).toHaveBeenLastCalledWith('A');
  });
});
