import type { MathNode } from 'mathjs';
import { parse } from '../../maths/mathjs-subset';
import { schemeMaxMarks, type MarkLevel, type MarkPoint, type PointStatus, type SchemeRules } from '../../../../shared/mark-scheme';
import { lowerFirst } from './justify';
import { asksForWorking } from '../../text/asks-for-working';
import { schemeSigFigs } from '../../text/sig-figs';
import { checkNumeric, findQuantities, formatValue, givenValues, type GivenValue } from './numeric';
import { isSigFigsMark, sigFigsOutcome } from './sig-figs-mark';

/** What the point-by-point judge decided about one point, before the scheme's rules are applied. */
export interface PointOutcome {
  status: PointStatus;
  justification: string;
  /** For feedback: the answer's words that contradict the point. */
  quote?: string;
  /** Numeric points: whether the answer gives the scheme's value, and where. */
  numeric?: { matched: boolean; given?: GivenValue };
  /** The rule of evidence that decided it, when one did (a formula compared as mathematics, a direction, a list of terms). */
  rule?: EvidenceRule;
  /** How sure the judge is, 0-1: the model's odds for a judged point; rules of evidence are sure. */
  confidence?: number;
  /** The student's own words the decision rests on. */
  evidence?: string;
}

export type EvidenceRule =
  | 'judged'
  | 'value'
  | 'option'
  | 'as-worded'
  | 'accepted-wording'
  | 'rejected-wording'
  | 'required-word'
  | 'blank'
  | 'ecf'
  | 'final-answer'
  | 'no-method'
  | 'formula-same'
  | 'formula-different'
  | 'formula-from-question'
  | 'substitution'
  | 'keyword-list'
  | 'contradiction'
  | 'direction'
  | 'no-evidence'
  | 'question-value'
  | 'implied-method'
  | 'working-mismatch'
  | 'swapped-definition';

/** A point after the scheme's rules: its outcome, the marks it earned and any note for the student. */
export interface ScoredPoint {
  point: MarkPoint;
  outcome: PointOutcome;
  marksAwarded: number;
  /** The marks it can earn (0 for indicative content under levels). */
  marks: number;
  notes: string[];
}

export interface SchemeResult {
  scored: ScoredPoint[];
  marks: number;
  total: number;
  level?: { level: number; min_marks: number; max_marks: number; descriptor: string };
  /** Sentences for the overall feedback (final-answer rule, level reached). */
  remarks: string[];
}

export interface SchemeContext {
  plainAnswer: string;
  questionText: string;
  /** The answer is a list of terms, not sentences (claims.isKeywordList). */
  keywordList?: boolean;
  blank: boolean;
}

function targetOf(p: MarkPoint): number | undefined {
  const v = p.numeric?.value;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Numbers the question gives (data, not the student's own results). */
function questionNumbers(questionText: string): number[] {
  return findQuantities(questionText).map((q) => q.value);
}

/**
 * The values the answer could have meant for a point: its matched value, or the numbers it writes in a
 * compatible unit that the question did not give (data copied from the question are not results).
 * Numbers written with a unit are preferred to bare ones when the point has a unit.
 */
function candidateValues(p: MarkPoint, outcome: PointOutcome | undefined, ctx: SchemeContext, given: number[]): GivenValue[] {
  if (!p.numeric) return [];
  if (outcome?.numeric?.matched && outcome.numeric.given) return [outcome.numeric.given];
  const all = givenValues(ctx.plainAnswer, p.numeric).filter(
    (g) => !given.some((q) => Math.abs(q - g.value) <= 1e-9 * Math.max(Math.abs(q), Math.abs(g.value))),
  );
  const withUnit = p.numeric.unit ? all.filter((g) => /[a-zA-Zµμ°Ω%]/.test(g.text)) : [];
  return (withUnit.length ? withUnit : all).slice(0, 4);
}

function symbolsOf(formula: string): string[] | undefined {
  try {
    const names = new Set<string>();
    parse(formula).traverse((node: MathNode) => {
      if (node.type === 'SymbolNode') names.add((node as MathNode & { name: string }).name);
    });
    return [...names];
  } catch {
    return undefined;
  }
}

function evaluateFormula(formula: string, scope: Record<string, number>): number | undefined {
  try {
    const v: unknown = parse(formula)
      .compile()
      .evaluate({ ...scope });
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Error carried forward: the point's value recomputed from the student's own earlier values (by
 * `ecf_formula`, or in proportion to the nearest earlier numeric point) and looked for in the answer.
 * Only when an earlier value it follows from is wrong; returns the earlier value it follows from.
 */
function carriedForward(
  index: number,
  points: MarkPoint[],
  outcomes: PointOutcome[],
  ctx: SchemeContext,
): { from: GivenValue; found: string } | undefined {
  const p = points[index];
  const target = p.numeric;
  const value = targetOf(p);
  if (!target || value === undefined) return undefined;
  const earlier = points.slice(0, index);
  let sources: { point: MarkPoint; idx: number }[];
  if (p.ecf_formula) {
    const names = symbolsOf(p.ecf_formula);
    if (!names) return undefined;
    sources = earlier.flatMap((q, idx) => (names.includes(q.id) && targetOf(q) !== undefined ? [{ point: q, idx }] : []));
    if (sources.length === 0) return undefined;
  } else {
    const idx = earlier.map((q) => targetOf(q) !== undefined && targetOf(q) !== 0).lastIndexOf(true);
    if (idx < 0) return undefined;
    sources = [{ point: earlier[idx], idx }];
  }
  // an error to carry forward: at least one value it follows from is wrong
  if (sources.every((s) => outcomes[s.idx].numeric?.matched)) return undefined;
  const given = questionNumbers(ctx.questionText);
  const options = sources.map((s) => candidateValues(s.point, outcomes[s.idx], ctx, given));
  if (options.some((o) => o.length === 0)) return undefined;
  const rel = Math.max(
    0.01,
    target.tolerance ?? 0,
    target.absTolerance !== undefined && value !== 0 ? target.absTolerance / Math.abs(value) : 0,
  );
  // every combination of the candidate values, a handful at most
  let combos: GivenValue[][] = [[]];
  for (const o of options) combos = combos.flatMap((c) => o.map((g) => [...c, g])).slice(0, 16);
  for (const combo of combos) {
    let expected: number | undefined;
    if (p.ecf_formula) {
      const scope = Object.fromEntries(sources.map((s, i) => [s.point.id, combo[i].value]));
      expected = evaluateFormula(p.ecf_formula, scope);
    } else {
      const base = targetOf(sources[0].point)!;
      expected = (value * combo[0].value) / base;
    }
    if (expected === undefined || Math.abs(expected - value) <= rel * Math.abs(value)) continue;
    const used = new Set(combo.map((g) => g.start));
    // a number the question gives, put into the working, is data, not a result carried forward ("2.28" in
    // "2.28 / 32.7 × 100")
    const fromQuestion = (v: number) => given.some((g) => Math.abs(g - v) <= 1e-9 * Math.max(Math.abs(g), Math.abs(v)));
    const operand = (q: { end: number }) => /^\s*[-+×*/÷^xX]\s*[\d(]/.test(ctx.plainAnswer.slice(q.end, q.end + 6));
    // (and one not stated as a result: "0.5 x £5bn" carries nothing to 5)
    const stated = (q: { start: number }) => /[=≈]\s*[£$€]?\s*$/.test(ctx.plainAnswer.slice(Math.max(0, q.start - 4), q.start));
    const check = checkNumeric(
      ctx.plainAnswer,
      { value: expected, unit: target.unit, tolerance: rel },
      (q) => used.has(q.start) || (fromQuestion(q.value) && (operand(q) || !stated(q))),
    );
    if (check.matched && check.quantity) {
      const wrong = combo.find((_, i) => !outcomes[sources[i].idx].numeric?.matched) ?? combo[0];
      return { from: wrong, found: check.quantity.text.trim() };
    }
  }
  return undefined;
}

/** Levels of response: the level from how much indicative content (weighted by marks) the answer covers, the mark within it. */
/** Below this confidence a point the model credits does not on its own lift an answer into Level 1. */
const UNSURE_LEVEL = 0.6;
/**
 * An answer this long for its marks (words per mark, and at least RAMBLE_WORDS) that brushes one point by chance is a
 * ramble, not Level 1; a shorter one with a point the model leans to is thin, relevant Level 1 work.
 */
const RAMBLE_WORDS = 40;
const RAMBLE_WORDS_PER_MARK = 15;

function chooseLevel(
  points: MarkPoint[],
  outcomes: PointOutcome[],
  levels: MarkLevel[],
  ctx: SchemeContext,
): { level: number; min_marks: number; max_marks: number; descriptor: string; mark: number } {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  const top = sorted[sorted.length - 1].max_marks;
  const weight = points.reduce((s, p) => s + p.marks, 0);
  const covered = points.reduce((s, p, i) => s + (outcomes[i].status === 'COVERED' ? p.marks : 0), 0);
  const none = { level: 0, min_marks: 0, max_marks: 0, descriptor: 'Nothing worthy of credit.', mark: 0 };
  // a list of terms with no reasoning stays in the lowest level: at its bottom when its terms are the subject's
  // (an examiner credits relevant content, however thin), with nothing when they are not
  if (ctx.keywordList && weight > 0)
    return relevantTerms(points, ctx.plainAnswer) ? { ...sorted[0], mark: sorted[0].min_marks || Math.min(1, sorted[0].max_marks) } : none;
  // a level is reached on content an examiner can see: a long answer whose only credited point is a guess of the
  // model (a ramble whose words brush the topic) has nothing worthy of credit
  const credited = outcomes.filter((o) => o.status === 'COVERED');
  const guessed = credited.every((o) => o.rule === 'judged' && (o.confidence ?? 1) < UNSURE_LEVEL);
  const long = (ctx.plainAnswer.match(/\p{L}+/gu) ?? []).length >= Math.max(RAMBLE_WORDS, RAMBLE_WORDS_PER_MARK * top);
  if (covered === 0 || weight === 0 || (credited.length === 1 && guessed && long)) return none;
  // indicative content is not a checklist: three quarters of it (weighted by marks) reaches the top mark
  const raw = top * Math.min(1, covered / (0.75 * weight));
  const rounded = Math.max(1, Math.round(raw));
  const reached = [...sorted].reverse().find((l) => l.min_marks <= rounded) ?? sorted[0];
  let mark = Math.min(reached.max_marks, Math.max(reached.min_marks, rounded));
  // a list of unconnected facts stays at the bottom of its level
  if (reached.level > 1 && covered < weight && !LINKED.test(ctx.plainAnswer)) mark = reached.min_marks;
  // a stated misconception (the opposite of a point, a point denied) costs a level, and the answer is at its bottom
  const wrong = outcomes.filter((o) => o.status === 'CONTRADICTED').length;
  if (wrong > 0) {
    const lower = [...sorted].reverse().find((l) => l.level <= reached.level - Math.min(2, wrong));
    if (!lower) return none;
    return { ...lower, mark: lower.min_marks };
  }
  return { ...reached, mark };
}

/** The answer's terms touch at least a third of the indicative content (a word of five letters or more, by its first five). */
function relevantTerms(points: MarkPoint[], answer: string): boolean {
  const stems = (text: string) => new Set((text.toLowerCase().match(/\p{L}{5,}/gu) ?? []).map((w) => w.slice(0, 5)));
  const said = stems(answer);
  const touched = points.filter((p) => [...stems(p.text)].some((w) => said.has(w))).length;
  return touched >= Math.max(1, Math.ceil(points.length / 3));
}

/** Words that link a fact to its effect or explain it ("so the diffusion distance is short", "which activates"). */
const LINKED =
  /\b(so|because|therefore|thus|hence|since|which|this means|meaning|as a result|leads? to|leading to|caus(?:e|es|ing)|results? in|allows?|so that|then|when|if|by|due to|in order to|thereby|whereas|while)\b/i;

/** "Calculate the decay constant and the activity after 15 hours": two results asked for, each with its own mark. */
function asksForSeveralResults(questionText: string): boolean {
  return /\b(calculate|find|determine|work out|show that)\b[^.?]*?\band\s+(?:the|its|their|hence)\b/i.test(questionText);
}

function marksText(n: number): string {
  return `${n} mark${n === 1 ? '' : 's'}`;
}

/**
 * Applies a scheme's rules to the point-by-point outcomes, as an examiner would: an A mark needs the M
 * mark it depends on, a dependent method mark (dM1: an M point that depends on an earlier M) needs that M, an ECF point is earned by a value that follows from the student's own wrong one,
 * a correct final answer earns every mark when the scheme says so, a group is capped at its max, and a
 * levels-marked answer gets the mark of the level its indicative content reaches.
 */
export function applyScheme(
  points: MarkPoint[],
  outcomes: PointOutcome[],
  rules: SchemeRules,
  totalMarks: number,
  ctx: SchemeContext,
): SchemeResult {
  // a separate s.f. mark is decided by the value and its figures alone (sig-figs-mark.ts)
  if (!ctx.blank && !rules.levels?.length)
    outcomes = outcomes.map((o, i) => (isSigFigsMark(points[i]) ? sigFigsOutcome(points[i], ctx.plainAnswer) : o));
  const structured = Boolean(rules.groups?.length || rules.levels?.length);
  const total = structured ? Math.min(totalMarks, schemeMaxMarks(points, rules)) : totalMarks;
  const remarks: string[] = [];
  const scored: ScoredPoint[] = points.map((point, i) => ({
    point,
    outcome: outcomes[i],
    marks: point.marks,
    marksAwarded: outcomes[i].status === 'COVERED' ? point.marks : 0,
    notes: [],
  }));

  if (rules.levels?.length) {
    const chosen = chooseLevel(points, outcomes, rules.levels, ctx);
    const { mark, ...level } = chosen;
    const note = level.level === 0 ? 'No level reached: 0 marks' : `Level ${level.level}: ${level.min_marks}-${level.max_marks} marks`;
    for (const s of scored) {
      s.marks = 0;
      s.marksAwarded = 0;
      s.notes.push(note);
    }
    if (!ctx.blank)
      remarks.push(
        level.level === 0
          ? 'Marked by levels: your answer does not yet reach Level 1.'
          : `Marked by levels: your answer reaches Level ${level.level} (${level.min_marks}-${level.max_marks} marks): ${lowerFirst(level.descriptor)}.`,
      );
    return { scored, marks: Math.min(mark, total), total, level, remarks };
  }

  if (!ctx.blank) {
    // error carried forward
    const carried = new Set<ScoredPoint>();
    scored.forEach((s, i) => {
      if (!s.point.ecf || s.outcome.status === 'COVERED' || !s.point.numeric) return;
      const ecf = carriedForward(i, points, outcomes, ctx);
      if (!ecf) return;
      s.outcome = {
        status: 'COVERED',
        justification: `Your "${ecf.found}" is not the mark scheme's value, but it follows correctly from your own earlier value of ${ecf.from.text}, so the mark is given (error carried forward).`,
        numeric: { matched: false },
        rule: 'ecf',
        evidence: ecf.found,
      };
      s.marksAwarded = s.point.marks;
      s.notes.push(`ECF from your value of ${ecf.from.text}`);
      carried.add(s);
    });
    // a formula that is not the method sinks the step it starts: a substitution into it (the method marks after it,
    // up to the next value) is not the method either, whatever fragments it shares with the scheme's
    scored.forEach((s, i) => {
      if (s.outcome.rule !== 'formula-different') return;
      for (let j = i + 1; j < scored.length && scored[j].point.kind === 'M'; j++) {
        const next = scored[j];
        if (next.marksAwarded === 0 || next.outcome.rule === 'formula-same' || next.outcome.rule === 'value') continue;
        next.marksAwarded = 0;
        next.outcome = {
          status: 'NOT_COVERED',
          justification: `Not credited: your working uses ${s.outcome.quote ? `"${s.outcome.quote}"` : 'a formula'}, which is not the method (${lowerFirst(s.point.text)}), so the values put into it do not show this step.`,
          rule: 'formula-different',
        };
      }
    });
    // a correct value implies the method marks it follows from, unless the question asks for working
    // ("show that") or the answer shows a different method (a wrong formula)
    const working = asksForWorking(ctx.questionText);
    const imply = (m: ScoredPoint, value: string): void => {
      if (m.marksAwarded > 0 || m.outcome.rule === 'formula-different' || m.outcome.status === 'CONTRADICTED') return;
      m.marksAwarded = m.point.marks;
      m.outcome = {
        status: 'COVERED',
        justification: `Given because your value ${value} is correct: a correct answer earns the method mark before it, working shown or not.`,
        rule: 'implied-method',
      };
      m.notes.push('implied by a correct value');
      const before = m.point.depends_on && scored.find((x) => x.point.id === m.point.depends_on && x.point.kind === 'M');
      if (before) imply(before, value);
    };
    if (!working) {
      for (const s of scored) {
        if (s.point.kind !== 'A' || !s.point.depends_on || s.marksAwarded === 0 || !s.outcome.numeric?.matched) continue;
        const m = scored.find((x) => x.point.id === s.point.depends_on);
        if (m) imply(m, `"${s.outcome.numeric.given?.text ?? formatValue(targetOf(s.point) ?? 0, schemeSigFigs(s.point))}"`);
      }
      // a correct value also earns the method marks that lead to it since the value before it (its own part of
      // the calculation); where the scheme marks no method at all (a teacher's B marks), the final value earns the
      // working before it that is not itself a value
      const noMethod = scored.every((s) => s.point.kind !== 'M');
      const lastValue = scored.map((s) => targetOf(s.point) !== undefined).lastIndexOf(true);
      scored.forEach((s, i) => {
        if (!s.outcome.numeric?.matched || s.marksAwarded === 0 || (noMethod && i !== lastValue)) return;
        const value = `"${s.outcome.numeric.given?.text ?? formatValue(targetOf(s.point) ?? 0, schemeSigFigs(s.point))}"`;
        for (let j = i - 1; j >= 0; j--) {
          const before = scored[j];
          if (targetOf(before.point) !== undefined && before.point.kind !== 'M') break;
          // (a step's own value implies no other step that has a value of its own: the melting stage's 56 800 J says
          // nothing of the warming stage's 3 570 J; the final answer still does)
          if (s.point.kind === 'M' && targetOf(before.point) !== undefined) break;
          if (before.marksAwarded === 0 && (before.point.kind === 'M' || (noMethod && targetOf(before.point) === undefined)))
            imply(before, value);
        }
      });
    }
    // dM1: a method mark that depends on an earlier method mark is given only with it (given, or implied by a
    // correct value), in order, so a chain of them falls with its first
    for (const s of scored) {
      if (s.point.kind !== 'M' || !s.point.depends_on || s.marksAwarded === 0) continue;
      const m = scored.find((x) => x.point.id === s.point.depends_on && x.point.kind === 'M');
      if (!m || m.marksAwarded > 0) continue;
      s.marksAwarded = 0;
      s.outcome = {
        status: 'NOT_COVERED',
        justification: `Your answer makes this step, but this dependent method mark (dM1) needs the method mark before it (${lowerFirst(m.point.text)}), which your answer does not show, so it is not given.`,
        rule: 'no-method',
      };
      s.notes.push(`needs the method mark ${m.point.id}`);
    }
    // no M, no A (a value carried forward from the student's own earlier value shows the method applied)
    for (const s of scored) {
      if (s.point.kind !== 'A' || !s.point.depends_on || s.marksAwarded === 0 || carried.has(s)) continue;
      const m = scored.find((x) => x.point.id === s.point.depends_on);
      if (!m || m.marksAwarded > 0) continue;
      s.marksAwarded = 0;
      s.outcome = {
        status: 'NOT_COVERED',
        justification: `${s.outcome.numeric?.given ? `Your value "${s.outcome.numeric.given.text}" is right` : 'Your answer makes this point'}, but this accuracy mark needs the method mark before it (${lowerFirst(m.point.text)}), which your answer does not show, so it is not given.`,
        rule: 'no-method',
      };
      s.notes.push(`needs the method mark ${m.point.id}`);
    }
    // a correct final answer earns every mark: where the scheme says so, and in any calculation (every point a step
    // of working or a value) whose question does not ask for working ("correct answer scores full marks")
    const calculation =
      !working && scored.some((s) => s.point.kind === 'M') && scored.every((s) => s.point.kind === 'M' || targetOf(s.point) !== undefined);
    if (rules.final_answer_full_marks || calculation) {
      const last = [...scored].reverse().find((s) => targetOf(s.point) !== undefined);
      const lastOutcome = last ? outcomes[points.indexOf(last.point)] : undefined;
      if (last && lastOutcome?.numeric?.matched) {
        const value = lastOutcome.numeric.given?.text ?? formatValue(targetOf(last.point)!, schemeSigFigs(last.point));
        // a result the question asks for on its own ("calculate the decay constant and the activity") is earned by
        // stating it, with its method, not by the final answer (unless the scheme says a correct final answer earns all)
        const separate = new Set(
          rules.final_answer_full_marks || !asksForSeveralResults(ctx.questionText)
            ? []
            : scored.filter((s) => s !== last && s.point.kind === 'A' && targetOf(s.point) !== undefined && s.marksAwarded === 0),
        );
        const separateMethods = new Set([...separate].flatMap((s) => (s.point.depends_on ? [s.point.depends_on] : [])));
        for (const s of scored) {
          // a wrong value the student states for a quantity asked for on its own (the decay constant before the
          // activity) is not put right by the final answer
          if (s !== last && s.point.kind === 'A' && s.outcome.numeric?.given && !s.outcome.numeric.matched && s.marksAwarded === 0)
            continue;
          // a step the student gave two ways ("70 - 49 = £21, or it could be -£21") stays a contradiction
          if (s.outcome.status === 'CONTRADICTED' && s.outcome.rule === 'contradiction') continue;
          // a result the question asks for on its own ("calculate the decay constant and the activity") is earned by
          // stating it, not by the final answer (unless the scheme says a correct final answer earns everything)
          if (separate.has(s) || separateMethods.has(s.point.id)) continue;
          if (s.marksAwarded < s.point.marks) {
            s.outcome = {
              status: 'COVERED',
              justification: `Given because your final answer, ${value}, is correct: in this calculation a correct final answer earns every mark, working shown or not.`,
              rule: 'final-answer',
              evidence: value,
            };
            s.marksAwarded = s.point.marks;
            s.notes = ['correct final answer: full marks'];
          } else if (rules.final_answer_full_marks) s.notes = ['correct final answer: full marks'];
        }
        remarks.push(`Your final answer, ${value}, is correct, which earns every mark of this calculation.`);
      }
    }
  }

  // "max N from these points"
  for (const g of rules.groups ?? []) {
    let left = g.max;
    for (const s of scored) {
      if (s.point.group !== g.id) continue;
      s.notes.push(`max ${g.max} from this group`);
      const give = Math.min(s.marksAwarded, left);
      if (give < s.marksAwarded)
        s.outcome = {
          ...s.outcome,
          justification: `${s.outcome.justification} ${give === 0 ? 'It adds no marks' : `Only ${marksText(give)} of it count${give === 1 ? 's' : ''}`}: this group gives at most ${marksText(g.max)}, already reached.`,
        };
      s.marksAwarded = give;
      left -= give;
    }
  }

  const marks = Math.min(
    scored.reduce((n, s) => n + s.marksAwarded, 0),
    total,
  );
  return { scored, marks, total, remarks };
}
