import type { Feedback } from '../../../shared/mark-scheme';

/**
 * The LLM tutor's claims about marks, checked by the one judge (the built-in marker): a model that tells a
 * student "that's 3/3" for an answer the marker gives 1/3 is corrected in the same reply, so the chat and
 * the feedback panel never disagree about a mark.
 */

/** What the marker gave: the student's latest message taken as an answer, and the stored answer if any. */
export interface TutorVerdict {
  /** The latest message marked on its own. */
  message: Feedback;
  /** The stored answer and the latest message marked together (what the student would earn by adding it). */
  combined: Feedback | null;
  /** The stored answer's own marking, if it was marked. */
  stored: Feedback | null;
}

const FRACTION = /(\d+(?:\.\d+)?)\s*(?:\/|out of)\s*(\d+(?:\.\d+)?)(?!\s*(?:of|\.\d|\d))/gi;
const FULL_MARKS =
  /\b(?:full marks|all (?:the |(?:\d+|two|three|four|five|six) )?marks|(?:that(?:'|’)?s|that is) the full answer|every mark|maximum marks)\b/gi;
/** Words just before "full marks" that make it no claim: "not yet full marks", "what do you need for full marks?". */
const NOT_A_CLAIM = /\b(?:not|no|never|almost|nearly|yet|for|to|towards|reach|short of)\b[^.!?;:]{0,12}$|n[’']t\b[^.!?;:]{0,12}$/i;

/** Marks the reply states out of the question's total (e.g. "2/3", "2 out of 3"), and whether it says "full marks". */
export function markClaims(reply: string, totalMarks: number): { marks: number[]; full: boolean } {
  const marks: number[] = [];
  for (const m of reply.matchAll(FRACTION)) if (Number(m[2]) === totalMarks) marks.push(Number(m[1]));
  const full = [...reply.matchAll(FULL_MARKS)].some((m) => !NOT_A_CLAIM.test(reply.slice(Math.max(0, m.index - 30), m.index)));
  return { marks, full };
}

/**
 * The reply, with a correction added when it states a mark the marker did not give (to the message, to the
 * stored answer, or to the two together) or calls it full marks when none of them is.
 */
export function checkMarkClaims(reply: string, totalMarks: number, verdict: TutorVerdict): { text: string; corrected: boolean } {
  const given = [verdict.message, verdict.combined, verdict.stored].filter((f): f is Feedback => f !== null);
  const allowed = new Set(given.map((f) => f.marks_awarded));
  const anyFull = given.some((f) => totalMarks > 0 && f.marks_awarded >= totalMarks);
  const claims = markClaims(reply, totalMarks);
  const wrongFraction = claims.marks.some((m) => !allowed.has(m));
  const wrongFull = claims.full && !anyFull;
  if (!wrongFraction && !wrongFull) return { text: reply, corrected: false };
  const best = verdict.combined ?? verdict.message;
  const marks = Number.isInteger(best.marks_awarded) ? String(best.marks_awarded) : best.marks_awarded.toFixed(1);
  const correction = `Checked against the mark scheme, your answer so far earns ${marks}/${totalMarks}${
    best.marks_awarded < totalMarks ? ': there is still more to get' : ''
  }.`;
  return { text: `${reply.trimEnd()}\n\n*${correction}*`, corrected: true };
}

/** The marker's verdict in the tutor's prompt: the model is told the marks rather than left to guess them. */
export function verdictForPrompt(verdict: TutorVerdict, totalMarks: number): string {
  const best = verdict.combined ?? verdict.message;
  const covered = best.markscheme_evaluation.filter((e) => e.status === 'COVERED').map((e) => `- ${e.text}`);
  const missing = best.markscheme_evaluation.filter((e) => e.status !== 'COVERED').map((e) => `- ${e.text}`);
  return [
    `The automatic marker (the same one that marks the student's answers) read the student's latest message, with their answer, as an attempt: together they earn ${best.marks_awarded}/${totalMarks}.`,
    covered.length ? `Points earned so far:\n${covered.join('\n')}` : 'No points earned yet.',
    missing.length ? `Points still missing:\n${missing.join('\n')}` : 'Nothing is missing: the answer is complete.',
    'If the latest message is a question rather than an attempt, answer it. Never tell the student they have a mark the marker did not give, never state a mark other than these, and never say "full marks" unless nothing is missing.',
  ].join('\n');
}
