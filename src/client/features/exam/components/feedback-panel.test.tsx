// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_TEXT } from '../../../../shared/assignment-text';
import { CHECK_YOURSELF_BELOW } from '../../../../shared/mark-scheme';
import type { StoredFeedback } from '../../../../shared/practice';
import { createQueryClient } from '../../../lib/api-client';
import { FeedbackPanel } from './feedback-panel';

const AT = '2020-01-01T00:00:00.000Z';
const base: StoredFeedback = {
  questionId: 'q1',
  marks_awarded: 3,
  total_marks: 4,
  qualitative_feedback: '<p>Good working.</p><img src=x onerror="window.hacked=1">',
  markscheme_evaluation: [],
  marked_by: 'the built-in marker',
  disagreements: [],
  createdAt: AT,
  evaluatedText: 'my answer',
};

let scheme: unknown[];
let posted: { url: string; body: unknown }[];

beforeEach(() => {
  scheme = [];
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push({ url, body });
        if (url.endsWith('/self-assessment'))
          return Response.json({
            ...base,
            self_assessments: [{ point_id: body.point_id, marks_awarded: body.marks_awarded, at: AT }],
            self_assessed_marks: body.marks_awarded,
          });
        return Response.json({ ...base, disagreements: [{ point_id: body.pointId, reason: body.reason, at: AT }] });
      }
      if (url === '/api/questions/q1/markscheme') return Response.json(scheme);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(feedback: StoredFeedback | null, state: { loading?: boolean; submitting?: boolean } = {}) {
  const { hook } = memoryLocation({ path: '/courses/c1/questions/q1' });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <FeedbackPanel questionId="q1" feedback={feedback} loading={state.loading ?? false} submitting={state.submitting ?? false} />
      </Router>
    </QueryClientProvider>,
  );
}

/** The point's list item (its text may also be quoted in its "Check this point yourself" box). */
const item = (text: string) => screen.getAllByText(text)[0].closest('li') as HTMLElement;

describe('FeedbackPanel', () => {
  it('keeps the spec strings: the prompt, the wait hint and the title', () => {
    renderPanel(null);
    expect(screen.getByText('AI Feedback')).toBeTruthy();
    expect(screen.getByText('Submit your answer to receive AI feedback.')).toBeTruthy();
    cleanup();
    renderPanel(null, { submitting: true });
    expect(screen.getByText(/usually takes 5-10 seconds/)).toBeTruthy();
  });

  it('shows marks per point with M/A/B labels, notes, a group cap line and the total', async () => {
    renderPanel({
      ...base,
      markscheme_evaluation: [
        {
          point_id: 'm1',
          text: 'substitutes into q = mcΔT',
          status: 'COVERED',
          justification: 'You used the equation.',
          marks_awarded: 1,
          marks: 1,
          kind: 'M',
        },
        {
          point_id: 'a1',
          text: 'ΔH = -50 kJ/mol',
          status: 'NOT_COVERED',
          justification: 'Your value differs.',
          marks_awarded: 1,
          marks: 2,
          kind: 'A',
          note: 'ECF from your value of 2.4 mol',
        },
        {
          point_id: 'b1',
          text: 'heat lost to the surroundings',
          status: 'COVERED',
          justification: 'Yes.',
          marks_awarded: 1,
          marks: 1,
          kind: 'B',
          note: 'max 1 from this group',
        },
        {
          point_id: 'b2',
          text: 'incomplete combustion',
          status: 'COVERED',
          justification: 'Yes.',
          marks_awarded: 0,
          marks: 1,
          kind: 'B',
          note: 'ECF from your value of 3 g; max 1 from this group',
        },
      ],
    });
    const m1 = item('substitutes into q = mcΔT');
    expect(within(m1).getByText('M1')).toBeTruthy();
    expect(within(m1).getByText('1/1 mark')).toBeTruthy();
    const a1 = item('ΔH = -50 kJ/mol');
    expect(within(a1).getByText('A2')).toBeTruthy();
    expect(within(a1).getByText('1/2 marks')).toBeTruthy();
    expect(within(a1).getByText('ECF from your value of 2.4 mol')).toBeTruthy();
    expect(within(item('incomplete combustion')).getByText('0/1 mark')).toBeTruthy();
    expect(screen.getByTestId('group-cap').textContent).toBe('Max 1 mark from points 3, 4: 1 counted');
    expect(screen.getByTestId('feedback-total').textContent).toBe('Total: 3 / 4 marks');
    // The model's HTML is sanitised before it is rendered.
    expect(screen.getByText('Good working.')).toBeTruthy();
    expect(document.querySelector('img[onerror]')).toBeNull();
  });

  it('falls back for older feedback: 1 mark per covered point, or the scheme’s marks and kind', async () => {
    scheme = [
      { id: 'p1', text: 'first', marks: 2, kind: 'B' },
      { id: 'p2', text: 'second', marks: 1 },
    ];
    renderPanel({
      ...base,
      markscheme_evaluation: [
        { point_id: 'p1', text: 'first', status: 'COVERED', justification: 'ok' },
        { point_id: 'p2', text: 'second', status: 'CONTRADICTED', justification: 'no' },
        { point_id: 'p3', text: 'third', status: 'COVERED', justification: 'ok' },
      ],
    });
    expect(within(item('third')).getByText('1/1 mark')).toBeTruthy();
    expect(within(item('second')).getByText('0/1 mark')).toBeTruthy();
    expect(await within(item('first')).findByText('2/2 marks')).toBeTruthy();
    expect(within(item('first')).getByText('B2')).toBeTruthy();
    expect(within(item('second')).queryByText(/^[MAB]\d$/)).toBeNull();
    expect(screen.queryByTestId('group-cap')).toBeNull();
  });

  it('shows the level reached and its descriptor for a levels-marked answer, the points as indicative content', () => {
    renderPanel({
      ...base,
      marks_awarded: 4,
      total_marks: 6,
      level: { level: 2, min_marks: 3, max_marks: 4, descriptor: 'A reasoned explanation with some <b>gaps</b>.' },
      markscheme_evaluation: [
        {
          point_id: 'i1',
          text: 'membrane is partially permeable',
          status: 'COVERED',
          justification: 'Mentioned.',
          marks_awarded: 0,
          marks: 0,
          kind: 'B',
          note: 'Level 2: 3-4 marks',
        },
      ],
    });
    const level = screen.getByTestId('level-reached');
    expect(within(level).getByText('Level 2 (3-4 marks)')).toBeTruthy();
    // Shown as text, never as markup.
    expect(within(level).getByText('A reasoned explanation with some <b>gaps</b>.')).toBeTruthy();
    // Indicative content: no marks, label or level note on the point itself.
    expect(within(item('membrane is partially permeable')).queryByText(/mark|B0/)).toBeNull();
    expect(screen.getByTestId('feedback-total').textContent).toBe('Total: 4 / 6 marks');
  });

  it('says when no level was reached', () => {
    renderPanel({ ...base, marks_awarded: 0, level: { level: 0, min_marks: 0, max_marks: 0, descriptor: 'No relevant content.' } });
    expect(screen.getByText('No level reached (0 marks)')).toBeTruthy();
  });

  it('disputes a point and then shows "You disagreed" with a link to the Disputes page', async () => {
    const point = { point_id: 'p1', text: 'enzyme is denatured', status: 'NOT_COVERED', justification: 'Not said.' };
    const { rerender } = renderPanel({ ...base, markscheme_evaluation: [point] });
    fireEvent.click(screen.getByRole('button', { name: 'I disagree' }));
    fireEvent.change(screen.getByLabelText('Why do you think this point was marked wrongly?'), { target: { value: 'I said it unfolds.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posted).toEqual([{ url: '/api/feedback/disagree', body: { questionId: 'q1', pointId: 'p1', reason: 'I said it unfolds.' } }]),
    );
    const { hook } = memoryLocation({ path: '/' });
    rerender(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={hook}>
          <FeedbackPanel
            questionId="q1"
            feedback={{
              ...base,
              markscheme_evaluation: [point],
              disagreements: [{ point_id: 'p1', reason: 'I said it unfolds.', at: AT }],
            }}
            loading={false}
            submitting={false}
          />
        </Router>
      </QueryClientProvider>,
    );
    expect(screen.getByText(/You disagreed: I said it unfolds\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your disputes' }).getAttribute('href')).toBe('/disputes');
    expect(screen.queryByRole('button', { name: 'I disagree' })).toBeNull();
  });

  it('keeps the spec messages for an evaluation issue', () => {
    renderPanel({
      ...base,
      markscheme_evaluation: [{ point_id: 'p1', text: 'x', status: 'NOT_COVERED', justification: 'Unable to evaluate' }],
    });
    expect(screen.getByText(/We encountered an issue evaluating your answer\./)).toBeTruthy();
    expect(screen.getByText(/There was an issue retrieving the detailed evaluation for your answer\./)).toBeTruthy();
  });

  const unsurePoint = {
    point_id: 'p2',
    text: 'water moves from a dilute to a concentrated solution',
    status: 'NOT_COVERED',
    justification: 'Not clearly said.',
    marks_awarded: 0,
    marks: 1,
    kind: 'B' as const,
    confidence: CHECK_YOURSELF_BELOW - 0.1,
  };
  const surePoint = {
    point_id: 'p1',
    text: 'partially permeable membrane',
    status: 'COVERED',
    justification: 'Said.',
    marks_awarded: 1,
    marks: 1,
    kind: 'B' as const,
    confidence: 0.95,
  };

  it('says "Check this point yourself" beside a point decided below the threshold only, with the scheme point’s words', () => {
    renderPanel({
      ...base,
      marks_awarded: 1,
      total_marks: 3,
      markscheme_evaluation: [
        surePoint,
        unsurePoint,
        { ...unsurePoint, point_id: 'p3', text: 'at the threshold', confidence: CHECK_YOURSELF_BELOW },
      ],
    });
    const checks = screen.getAllByTestId('check-yourself');
    expect(checks).toHaveLength(1);
    expect(item('water moves from a dilute to a concentrated solution').contains(checks[0])).toBe(true);
    expect(within(checks[0]).getByRole('heading', { name: 'Check this point yourself' })).toBeTruthy();
    expect(within(checks[0]).getByText('water moves from a dilute to a concentrated solution')).toBeTruthy();
    expect(within(item('partially permeable membrane')).queryByText('Check this point yourself')).toBeNull();
    expect(within(item('at the threshold')).queryByText('Check this point yourself')).toBeNull();
  });

  it('self-assesses a point with the keyboard-usable buttons and then shows the self-assessed marks and the total', async () => {
    const { rerender } = renderPanel({ ...base, marks_awarded: 1, total_marks: 3, markscheme_evaluation: [surePoint, unsurePoint] });
    const group = screen.getByRole('group', { name: 'Mark point 2 yourself' });
    const made = within(group).getByRole('button', { name: 'I made this point' });
    expect(made.getAttribute('aria-pressed')).toBe('false');
    expect(within(group).getByRole('button', { name: "I didn't make this point" })).toBeTruthy();
    made.focus();
    expect(document.activeElement).toBe(made);
    fireEvent.click(made);
    await waitFor(() => expect(posted).toEqual([{ url: '/api/questions/q1/self-assessment', body: { point_id: 'p2', marks_awarded: 1 } }]));
    const { hook } = memoryLocation({ path: '/' });
    rerender(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={hook}>
          <FeedbackPanel
            questionId="q1"
            feedback={{
              ...base,
              marks_awarded: 2,
              total_marks: 3,
              markscheme_evaluation: [surePoint, unsurePoint],
              self_assessments: [{ point_id: 'p2', marks_awarded: 1, at: AT }],
              self_assessed_marks: 1,
            }}
            loading={false}
            submitting={false}
          />
        </Router>
      </QueryClientProvider>,
    );
    expect(within(item('water moves from a dilute to a concentrated solution')).getByTestId('self-assessed').textContent).toBe(
      'Self-assessed: you gave yourself 1 of 1 mark',
    );
    expect(screen.getByRole('button', { name: 'I made this point' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('feedback-total').textContent).toBe('Total: 2 / 3 marks (1 mark self-assessed)');
    expect(screen.getByLabelText('2 out of 3 marks (1 mark self-assessed)')).toBeTruthy();
  });

  it('shows the teacher’s decision instead of the buttons once the teacher has overridden a self-assessed point', () => {
    renderPanel({
      ...base,
      marks_awarded: 1,
      total_marks: 3,
      markscheme_evaluation: [surePoint, unsurePoint],
      self_assessments: [{ point_id: 'p2', marks_awarded: 1, at: AT, teacher: { decision: 'overridden', marks_awarded: 0, at: AT } }],
      self_assessed_marks: 0,
    });
    expect(screen.getByTestId('self-assessed').textContent).toBe(
      'Self-assessed: you gave yourself 1 of 1 mark (your teacher changed it to 0 of 1 mark)',
    );
    expect(screen.queryByRole('button', { name: 'I made this point' })).toBeNull();
    expect(screen.getByTestId('feedback-total').textContent).toBe('Total: 1 / 3 marks');
  });

  it('puts no red ✗ beside a point when the answer earned full marks; otherwise a contradicted point “Says the opposite”', () => {
    const contradicted = { point_id: 'p9', text: 'rate increases', status: 'CONTRADICTED', justification: 'You said it falls.', marks: 1 };
    renderPanel({
      ...base,
      marks_awarded: 2,
      total_marks: 2,
      markscheme_evaluation: [surePoint, { ...surePoint, point_id: 'p8', text: 'second' }, contradicted],
    });
    expect(document.querySelector('[data-tone="opposite"]')).toBeNull();
    expect(within(item('rate increases')).queryByText('Says the opposite')).toBeNull();
    expect(within(item('rate increases')).getByText(/Not needed for full marks/)).toBeTruthy();
    cleanup();
    renderPanel({ ...base, marks_awarded: 1, total_marks: 2, markscheme_evaluation: [surePoint, contradicted] });
    expect(item('rate increases').querySelector('[data-tone="opposite"]')).toBeTruthy();
    expect(within(item('rate increases')).getByText(/Says the opposite:/)).toBeTruthy();
    expect(screen.queryByText(/Contradicted/)).toBeNull();
  });

  it('for a levels-marked answer: ✓ for the indicative content found, plain for the rest, never “B 0/0”; no self-assess buttons', () => {
    renderPanel({
      ...base,
      marks_awarded: 2,
      total_marks: 6,
      level: { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Some relevant points.' },
      markscheme_evaluation: [
        { ...surePoint, marks_awarded: 0, marks: 0 },
        { ...unsurePoint, status: 'CONTRADICTED', marks: 0 },
      ],
    });
    expect(within(screen.getByTestId('level-reached')).getByText('Some relevant points.')).toBeTruthy();
    expect(item('partially permeable membrane').querySelector('[data-tone="covered"]')).toBeTruthy();
    const other = item('water moves from a dilute to a concentrated solution');
    expect(other.querySelector('[data-tone="plain"]')).toBeTruthy();
    expect(within(other).getByText(/Not found/)).toBeTruthy();
    expect(screen.queryByText(/B0|0\/0/)).toBeNull();
    expect(within(other).getByText('Check this point yourself')).toBeTruthy();
    expect(within(other).queryByRole('button', { name: 'I made this point' })).toBeNull();
  });
});

describe('FeedbackPanel on an assigned paper (issue 30)', () => {
  it('while the feedback is held back: only "Submitted" and the message, no marks, points, disputes, self-assessment or scheme call', async () => {
    const fetchMock = vi.mocked(fetch);
    renderPanel({
      ...base,
      marks_awarded: 0,
      qualitative_feedback: ASSIGNMENT_TEXT.withheld,
      markscheme_evaluation: [],
      withheld: true,
    });
    const panel = screen.getByTestId('feedback-withheld');
    expect(within(panel).getByText('Submitted')).toBeTruthy();
    expect(within(panel).getByText(ASSIGNMENT_TEXT.withheld)).toBeTruthy();
    expect(screen.queryByText(/\d+ \/ \d+|\/ 2 marks/)).toBeNull();
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.queryByTestId('feedback-total')).toBeNull();
    expect(screen.queryByText('Mark scheme, point by point')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I disagree' })).toBeNull();
    expect(screen.queryByTestId('check-yourself')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/questions/q1/markscheme');
  });

  it('says "Your teacher changed this mark" with the comment: for the question, and inside the point it changed', () => {
    renderPanel({
      ...base,
      marks_awarded: 2,
      total_marks: 4,
      markscheme_evaluation: [
        { point_id: 'p1', text: 'partially permeable membrane', status: 'COVERED', justification: 'Said.', marks: 2, marks_awarded: 2 },
        { point_id: 'p8', text: 'rate doubles', status: 'NOT_COVERED', justification: 'Not said.', marks: 2, marks_awarded: 0 },
      ],
      teacher_overrides: [
        { point_id: 'p8', marks_awarded: 0, comment: 'You said it halves.', at: AT },
        { point_id: null, marks_awarded: 2, comment: 'Marked by hand: see me.', at: AT },
      ],
    });
    const changes = screen.getAllByTestId('teacher-override');
    expect(changes).toHaveLength(2);
    const question = changes.find((c) => !c.closest('li'))!;
    expect(question.textContent!.trim()).toBe('Your teacher changed this mark“Marked by hand: see me.”');
    const point = within(item('rate doubles')).getByTestId('teacher-override');
    expect(point.textContent!.trim()).toBe('Your teacher changed this mark to 0“You said it halves.”');
    expect(within(item('partially permeable membrane')).queryByTestId('teacher-override')).toBeNull();
  });

  describe('powers written with a caret in the scheme (issue 24 item 8)', () => {
    const wavelength = {
      point_id: 'a1',
      text: 'λ = 4.5 × 10^-7 m',
      status: 'NOT_COVERED',
      justification: 'Not credited: your value "3.2" is not the expected 4.5 × 10^-7 m.',
      marks_awarded: 0,
      marks: 1,
      kind: 'A' as const,
      note: 'ECF from your value of 2.0 × 10^3 m s^-1',
      confidence: 0.2,
    };

    it('shows them as superscripts in the point, its note, its justification, its check box and the feedback', () => {
      const { container } = renderPanel({
        ...base,
        marks_awarded: 0,
        total_marks: 2,
        qualitative_feedback: '<p>To gain more marks, add: λ = 4.5 × 10^-7 m; y = 3e^(0.3x).</p>',
        markscheme_evaluation: [wavelength, { ...wavelength, point_id: 'a2', text: 'y = 3e^(0.3x)', confidence: 0.9 }],
      });
      const point = item('λ = 4.5 × 10⁻⁷ m');
      expect(within(point).getByText('ECF from your value of 2.0 × 10³ m s⁻¹')).toBeTruthy();
      expect(within(point).getByText('Not credited: your value "3.2" is not the expected 4.5 × 10⁻⁷ m.')).toBeTruthy();
      expect(within(within(point).getByTestId('check-yourself')).getByText('λ = 4.5 × 10⁻⁷ m')).toBeTruthy();
      const written = container.querySelector('.rich-html')!;
      expect(written.textContent).toBe('To gain more marks, add: λ = 4.5 × 10⁻⁷ m; y = 3e0.3x.');
      expect(written.querySelector('sup')?.textContent).toBe('0.3x');
      const second = container.querySelectorAll('li')[1];
      expect(second.querySelector('sup')?.textContent).toBe('0.3x');
      expect(second.textContent).toContain('y = 3e0.3x');
      // nowhere a caret, and no HTML made of the scheme's text
      expect(container.textContent).not.toContain('^');
    });

    it('keeps the scheme point’s own text as stored when it marks it yourself', async () => {
      renderPanel({ ...base, marks_awarded: 0, total_marks: 1, markscheme_evaluation: [wavelength] });
      fireEvent.click(screen.getByRole('button', { name: 'I made this point' }));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0].body).toEqual({ point_id: 'a1', marks_awarded: 1 });
    });
  });

  it('writes no "0/0 marks" beside a point worth nothing, and fractional marks to one decimal place', () => {
    renderPanel({
      ...base,
      marks_awarded: 1.5000000000000002,
      total_marks: 2,
      markscheme_evaluation: [
        { point_id: 'p1', text: 'states the law', status: 'COVERED', justification: 'Yes.', marks_awarded: 1.5000000000000002, marks: 2 },
        {
          point_id: 'p2',
          text: 'accept any equivalent wording',
          status: 'NOT_COVERED',
          justification: 'A note.',
          marks_awarded: 0,
          marks: 0,
        },
      ],
    });
    expect(within(item('states the law')).getByText('1.5/2 marks')).toBeTruthy();
    expect(within(item('accept any equivalent wording')).queryByText(/0\/0/)).toBeNull();
    expect(screen.getByTestId('feedback-total').textContent).toBe('Total: 1.5 / 2 marks');
    expect(screen.getByLabelText('1.5 out of 2 marks')).toBeTruthy();
  });
});
