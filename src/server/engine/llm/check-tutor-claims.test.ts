import { describe, expect, it } from 'vitest';
import type { Feedback } from '../../../shared/mark-scheme';
import { checkMarkClaims, markClaims, verdictForPrompt, type TutorVerdict } from './check-tutor-claims';

const marked = (marks: number, total = 3): Feedback => ({
  marks_awarded: marks,
  total_marks: total,
  qualitative_feedback: '',
  markscheme_evaluation: [
    { point_id: 'p1', text: 'catalyst', status: marks >= 1 ? 'COVERED' : 'NOT_COVERED', justification: '' },
    { point_id: 'p2', text: 'active site complementary', status: marks >= 2 ? 'COVERED' : 'NOT_COVERED', justification: '' },
    { point_id: 'p3', text: 'lowers activation energy', status: marks >= 3 ? 'COVERED' : 'CONTRADICTED', justification: '' },
  ],
});

const verdict = (message: number, combined: number | null = null, stored: number | null = null): TutorVerdict => ({
  message: marked(message),
  combined: combined === null ? null : marked(combined),
  stored: stored === null ? null : marked(stored),
});

describe('the LLM tutor’s claims about marks', () => {
  it('reads "2/3", "2 out of 3" and "full marks" out of the question’s total, not other fractions', () => {
    expect(markClaims('That is 2/3, and 2 out of 3 again.', 3)).toEqual({ marks: [2, 2], full: false });
    expect(markClaims('Half of the 1/2 dilution is 1/4.', 3)).toEqual({ marks: [], full: false });
    expect(markClaims('Brilliant, full marks!', 3).full).toBe(true);
    expect(markClaims('You have all the marks now.', 3).full).toBe(true);
    expect(markClaims("That's the full answer.", 3).full).toBe(true);
    for (const reply of [
      'Not yet full marks: what else?',
      "That isn't full marks.",
      'What do you need for full marks?',
      'Nearly full marks!',
    ])
      expect(markClaims(reply, 3).full, reply).toBe(false);
  });

  it('leaves a reply alone when its marks are the marker’s', () => {
    const reply = 'Nice — that earns 2/3. What does the enzyme do to the activation energy?';
    expect(checkMarkClaims(reply, 3, verdict(1, 2))).toEqual({ text: reply, corrected: false });
    expect(checkMarkClaims('No marks mentioned here.', 3, verdict(0)).corrected).toBe(false);
    // the stored answer's own mark may be quoted too
    expect(checkMarkClaims('Your answer got 1/3 when it was marked.', 3, verdict(0, 0, 1)).corrected).toBe(false);
  });

  it('corrects a mark the marker did not give, with the marker’s figure', () => {
    const { text, corrected } = checkMarkClaims('Great, that is 3/3!', 3, verdict(1, 1));
    expect(corrected).toBe(true);
    expect(text).toBe(
      'Great, that is 3/3!\n\n*Checked against the mark scheme, your answer so far earns 1/3: there is still more to get.*',
    );
  });

  it('corrects "full marks" when no reading of the answer is complete, and allows it when one is', () => {
    expect(checkMarkClaims('Full marks, well done!', 3, verdict(2, 2)).corrected).toBe(true);
    expect(checkMarkClaims('Full marks, well done!', 3, verdict(1, 3)).corrected).toBe(false);
  });

  it('tells the model the marker’s verdict: the marks, what is earned and what is missing', () => {
    const prompt = verdictForPrompt(verdict(1, 2), 3);
    expect(prompt).toContain('together they earn 2/3');
    expect(prompt).toContain('Points earned so far:\n- catalyst\n- active site complementary');
    expect(prompt).toContain('Points still missing:\n- lowers activation energy');
    expect(prompt).toContain('never say "full marks" unless nothing is missing');
  });
});
