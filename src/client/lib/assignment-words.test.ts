// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ASSIGNMENT_TEXT } from '../../shared/assignment-text';
import { setBrowserLanguages } from '../testing/browser-languages';
import { localAssignmentMessage, withheldWords } from './assignment-words';

// 4 December 2026, 17:05 on this machine's clock: the browser's time zone is the machine's.
const DUE = new Date(2026, 11, 4, 17, 5).toISOString();

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("an assignment's due date in the reader's locale and time zone", () => {
  it('says when held-back marks come, day first and on a 24-hour clock in a British browser', () => {
    restore = setBrowserLanguages(['en-GB']);
    expect(withheldWords('after_due', DUE)).toBe('Submitted. Marks and feedback are shown after the due date (4 Dec 2026, 17:05).');
    expect(withheldWords('on_release', DUE)).toBe(ASSIGNMENT_TEXT.withheld);
    expect(withheldWords('after_due', null)).toBe(ASSIGNMENT_TEXT.withheld);
  });

  it("rewrites the server's two dated messages (en-GB, UTC) for this due date, and passes others unchanged", () => {
    restore = setBrowserLanguages(['en-US']);
    expect(localAssignmentMessage(ASSIGNMENT_TEXT.withheldAfterDue(DUE), DUE)).toBe(
      'Submitted. Marks and feedback are shown after the due date (Dec 4, 2026, 5:05 PM).',
    );
    expect(localAssignmentMessage(ASSIGNMENT_TEXT.pastDue(DUE), DUE)).toBe(
      'This assignment was due on Dec 4, 2026, 5:05 PM and your teacher is not accepting late work. Your answer is kept as a draft.',
    );
    // another due date's message, a message without a date, no due date: as the server wrote them
    const other = new Date(2026, 11, 5, 9, 0).toISOString();
    expect(localAssignmentMessage(ASSIGNMENT_TEXT.pastDue(other), DUE)).toBe(ASSIGNMENT_TEXT.pastDue(other));
    expect(localAssignmentMessage(ASSIGNMENT_TEXT.timeUp(45), DUE)).toBe(ASSIGNMENT_TEXT.timeUp(45));
    expect(localAssignmentMessage(ASSIGNMENT_TEXT.pastDue(DUE), null)).toBe(ASSIGNMENT_TEXT.pastDue(DUE));
  });
});
