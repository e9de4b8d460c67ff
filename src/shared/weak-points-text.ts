// Plain constants (no zod) of weak-points.ts: the signed-in screens import these without pulling in the contract's schemas.

/*
 * Weak points (issue 13): which kinds of mark a student keeps missing, across every marked answer. Every point of a
 * bank question's mark scheme carries a skill (units, significant figures, definition, ...). An opportunity is one
 * marked point of that skill in one of the student's marked answers; it is missed unless the marker said COVERED.
 *
 * - A finding needs MIN_OPPORTUNITIES or more opportunities in a subject: fewer say nothing.
 * - It is a weak point when the student misses WEAK_MISS_RATE or more of them.
 * - Findings are listed weakest first (highest miss rate, then most opportunities), at most MAX_FINDINGS.
 */
export const MIN_OPPORTUNITIES = 5;
export const WEAK_MISS_RATE = 0.4;
export const MAX_FINDINGS = 8;
/** A practice paper for weak points: this many questions, from at most this many skills. */
export const WEAK_POINTS_PAPER_QUESTIONS = 10;
export const WEAK_POINTS_PAPER_SKILLS = 3;
