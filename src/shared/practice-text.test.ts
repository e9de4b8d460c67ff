import { describe, expect, it } from 'vitest';
import { COURSE_TITLE_SUFFIX, practiceTitle } from './practice-text';

describe("the exam screen's title without a paper", () => {
  it("is '{course title} Practice', without doubling the word for a course made with the usual title", () => {
    expect(practiceTitle(`Psychology${COURSE_TITLE_SUFFIX}`)).toBe('Psychology A-Level Practice');
    expect(practiceTitle('Year 13 Chemistry')).toBe('Year 13 Chemistry Practice');
  });
});
