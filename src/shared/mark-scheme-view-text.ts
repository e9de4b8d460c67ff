// Plain constants (no zod) of mark-scheme-view.ts: the signed-in screens import these without pulling in the contract's schemas.

export const WRITE_SCHEME_MAX_CHARS = 20_000;

export const WRITE_SCHEME_TEXT = {
  empty: "Write the mark scheme: one point a line, with '[2]' at the end of a point worth 2 marks.",
  tooLong: `The mark scheme is too long: at most ${WRITE_SCHEME_MAX_CHARS.toLocaleString('en-GB')} characters.`,
  noPoints: "No mark-scheme point could be read: write one point a line (e.g. 'Names the force [1]'), not only levels or 'accept:' lines.",
  belowGrade: (points: number, total: number) =>
    `These points are worth ${points} mark${points === 1 ? '' : 's'}, but the question is worth ${total}: add points until they cover every mark.`,
  /** Drafting asked of a Markwell without an AI provider (the built-in engine writes no schemes). */
  draftOffline:
    "Drafting a mark scheme needs your school's AI provider, and none is set up for this Markwell. Write the scheme yourself: one point a line, with [2] at the end of a point worth 2 marks.",
};
