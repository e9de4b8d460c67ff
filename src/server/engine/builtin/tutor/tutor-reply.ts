import { schemeMaxMarks, type Feedback, type MarkPoint, type PointEvaluation } from '../../../../shared/mark-scheme';
import type { QuestionForMarking, TutorInput, TutorReply } from '../../engine';
import { classifyMessage } from './message-intent';
import { askedAbout, parseDirectionQuestion, schemeDirection, statedDirection, subjectStems, type DirectionQuestion } from './direction';
import { clozeOf, commandWordOf, firstWording, guidingQuestion, hintRelevance, themeLabel, type PromptContext } from './point-prompts';
import { chooseOption } from '../../text/choose-option';
import { escapeHtml } from '../../text/html-entities';
import { judgeAttempt, type Judgement } from './judge';
import { answerStudentQuestion, isAboutQuestion, looksLikeQuestion, parseStudentQuestion } from './student-question';
import { contentStems, normaliseText, plainText } from './tutor-text';

/**
 * The built-in Socratic tutor. It works on the mark-scheme points the student's answer missed, one at
 * a time: a guiding question, then the question's worked-step hints, then a fill-in-the-gaps version of
 * the point. Whether what the student says earns a point is the marker's decision (judge.ts: one
 * judge, so the tutor and the feedback panel never disagree). It answers the student's own questions
 * first (from the topic's glossary, the worked steps and the model answer), says when a point is
 * earned and moves on, closes when every point is done, and shows the full worked answer when asked
 * twice or after three unsuccessful tries on one point.
 *
 * It keeps no state of its own: the conversation so far is replayed (each earlier student message
 * through the same deterministic steps) to know which point is being worked on, which hints were
 * given and how many tries and answer requests there have been. Earlier assistant turns are not
 * parsed, so a conversation that an LLM engine took part in replays just as well.
 */

export const BUILTIN_TUTOR_LABEL = 'the built-in tutor';

/** Unsuccessful tries on one point after which the worked answer is shown. */
export const TRIES_BEFORE_ANSWER = 3;

/** Earlier student turns replayed at most (the newest are kept). */
const MAX_REPLAYED_TURNS = 200;

interface Target {
  point: MarkPoint;
  /** 1-based position among the points being worked on. */
  number: number;
}

interface Context {
  question: QuestionForMarking;
  points: MarkPoint[];
  /** Points still to earn, in mark-scheme order. */
  targets: Target[];
  /** Ids of points the marked (or current) answer already has. */
  coveredIds: Set<string>;
  feedback: Feedback | null;
  hasAnswer: boolean;
  /** The student's current answer (empty when none). */
  answer: string;
  hints: string[];
  prompt: PromptContext;
}

interface State {
  /** Points earned or revealed during the conversation. */
  done: Set<string>;
  /** Points earned during the conversation (not revealed). */
  earned: Set<string>;
  /** Every point is done: the conversation has closed. */
  closed: boolean;
  /** Whether the tutor has introduced the work (and so the current point). */
  presented: boolean;
  /** Unsuccessful tries on the current point. */
  tries: number;
  clozeGiven: boolean;
  /** Indexes of question hints already given. */
  hintsUsed: Set<number>;
  answerRequests: number;
  revealed: boolean;
  turn: number;
  /** The last direction question the student asked ('does it go up or down…?'), for 'I said it goes down'. */
  lastAsked: string | null;
  /** Requests for help after every point was done. */
  helpAfterClose: number;
}

function withDefaults(point: MarkPoint): MarkPoint {
  return {
    ...point,
    marks: point.marks ?? 1,
    kind: point.kind ?? 'B',
    accept: point.accept ?? [],
    reject: point.reject ?? [],
    ignore: point.ignore ?? [],
    required: point.required ?? [],
  };
}

function pointFromEvaluation(id: string, text: string): MarkPoint {
  return { id, text, marks: 1, kind: 'B', accept: [], reject: [], ignore: [], required: [] };
}

function buildContext(input: TutorInput): Context {
  const question = input.question;
  const points = (question.markScheme ?? []).map(withDefaults);
  const questionStems = contentStems(plainText([question.text, ...Object.values(question.options ?? {})].join(' ')));
  const feedback = input.feedback && input.feedback.markscheme_evaluation.length > 0 ? input.feedback : null;
  const answer = input.answer?.trim() ?? '';
  const coveredIds = new Set<string>();
  let missing: MarkPoint[];
  if (feedback) {
    missing = [];
    const seen = new Set<string>();
    for (const evaluation of feedback.markscheme_evaluation) {
      const point =
        points.find((p) => p.id === evaluation.point_id) ??
        points.find((p) => normaliseText(p.text) === normaliseText(evaluation.text)) ??
        pointFromEvaluation(evaluation.point_id || `p${seen.size + 1}`, evaluation.text);
      if (seen.has(point.id)) continue;
      seen.add(point.id);
      if (evaluation.status.trim().toUpperCase() === 'COVERED') coveredIds.add(point.id);
      else missing.push(point);
    }
    // Points the feedback did not mention still count as missing, after the ones it did.
    for (const p of points) if (!seen.has(p.id)) missing.push(p);
    const order = (p: MarkPoint) => {
      const i = points.findIndex((q) => q.id === p.id);
      return i < 0 ? points.length : i;
    };
    missing.sort((a, b) => order(a) - order(b));
  } else if (answer && points.length > 0) {
    const judgement = judgeAttempt(question, answer);
    missing = judgement.full ? [] : points.filter((p) => !judgement.covered.has(p.id));
    for (const p of points) if (!missing.includes(p)) coveredIds.add(p.id);
  } else {
    missing = points;
  }
  return {
    question,
    points,
    targets: missing.map((point, i) => ({ point, number: i + 1 })),
    coveredIds,
    feedback,
    hasAnswer: answer.length > 0,
    answer,
    hints: (question.hints ?? []).filter((h) => h.trim().length > 0),
    prompt: { questionStems, isMultipleChoice: question.type === 'multiple_choice', commandWord: commandWordOf(question.text) },
  };
}

/** The option letter a message picks in a multiple-choice question, if it names one (for wording only). */
function chosenOption(message: string, question: QuestionForMarking): string | null {
  const options = question.options ?? {};
  const letters = Object.keys(options).map((l) => l.toUpperCase());
  if (letters.length === 0) return null;
  const letter = chooseOption(message, options);
  if (letter && letters.includes(letter)) return letter;
  const named =
    /\b(?:it(?:'s| is)|answer(?: is)?|option|choose|pick|go (?:with|for))\s+\(?([A-Da-d])\b/i.exec(message) ??
    /^\(?([A-Da-d])\)?(?:[\s,.!?]|$)/.exec(message.trim());
  const found = named?.[1]?.toUpperCase();
  return found && letters.includes(found) ? found : null;
}

function newState(): State {
  return {
    done: new Set(),
    earned: new Set(),
    closed: false,
    presented: false,
    tries: 0,
    clozeGiven: false,
    hintsUsed: new Set(),
    answerRequests: 0,
    revealed: false,
    turn: 0,
    lastAsked: null,
    helpAfterClose: 0,
  };
}

function currentTarget(ctx: Context, state: State): Target | null {
  return ctx.targets.find((t) => !state.done.has(t.point.id)) ?? null;
}

function markEarned(state: State, ids: Iterable<string>): void {
  for (const id of ids) {
    state.done.add(id);
    state.earned.add(id);
  }
  state.tries = 0;
  state.clozeGiven = false;
}

const PRAISE = ["Yes, that's right.", 'Exactly right.', 'Spot on.', "That's it.", 'Well done, that is correct.'];
const NUDGE = [
  'Have a go and tell me what you think.',
  'What do you think?',
  'Try putting that into words.',
  'Have a go: even a partial answer helps.',
];

function pick(list: string[], state: State): string {
  return list[state.turn % list.length];
}

function p(html: string): string {
  return `<p>${html}</p>`;
}

function plural(n: number, word: string): string {
  if (n === 1) return `${n} ${word}`;
  return `${n} ${word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`}`;
}

function presentTarget(ctx: Context, target: Target, lead: string): string {
  const of = ctx.targets.length > 1 ? ` (point ${target.number} of ${ctx.targets.length} to work on)` : '';
  return p(`<strong>${lead}${of}:</strong> ${guidingQuestion(target.point, ctx.prompt)}`);
}

function introduction(ctx: Context, state: State): string {
  state.presented = true;
  const parts: string[] = [];
  const target = currentTarget(ctx, state);
  const total = ctx.question.totalMarks;
  if (ctx.points.length === 0) {
    parts.push(p(`This question is worth ${plural(total, 'mark')}. Let's think it through together.`));
    return parts.join('');
  }
  if (ctx.feedback) {
    const scored = `Your marked answer scored ${ctx.feedback.marks_awarded}/${ctx.feedback.total_marks}.`;
    parts.push(
      p(
        ctx.targets.length === 0
          ? `${scored} It covers every point in the mark scheme. Well done!`
          : `${scored} There ${ctx.targets.length === 1 ? 'is 1 mark-scheme point' : `are ${ctx.targets.length} mark-scheme points`} it doesn't earn yet, so let's work on ${ctx.targets.length === 1 ? 'it' : 'them one at a time'}.`,
      ),
    );
  } else if (ctx.hasAnswer) {
    parts.push(
      p(
        ctx.targets.length === 0
          ? 'Your answer so far looks like it covers every point in the mark scheme. Submit it to have it marked!'
          : `Looking at your answer so far, ${ctx.targets.length} of the ${ctx.points.length} mark-scheme points still look missing. Let's work on them one at a time.`,
      ),
    );
  } else {
    parts.push(p(`This question is worth ${plural(total, 'mark')}. Let's build the answer one step at a time.`));
  }
  if (target) parts.push(presentTarget(ctx, target, 'First'));
  return parts.join('');
}

/** Whether a hint fits a point: shares two of its words, or one when the point is short. */
function hintFits(hint: string, point: MarkPoint): boolean {
  const relevance = hintRelevance(hint, point);
  return relevance >= 2 || (relevance >= 1 && contentStems(point.text, point.ignore ?? []).length <= 3);
}

/** The next question hint that fits the point (in the order written), or with `anyHint` the next unused one. */
function nextHint(ctx: Context, state: State, target: Target | null, anyHint: boolean): string | null {
  const unused = ctx.hints.map((h, i) => ({ h, i })).filter(({ i }) => !state.hintsUsed.has(i));
  const chosen = (target ? unused.find(({ h }) => hintFits(h, target.point)) : undefined) ?? (anyHint || !target ? unused[0] : undefined);
  if (!chosen) return null;
  state.hintsUsed.add(chosen.i);
  return chosen.h;
}

function cloze(ctx: Context, state: State, target: Target): string | null {
  if (state.clozeGiven || ctx.prompt.isMultipleChoice) return null;
  const { html, hidden } = clozeOf(target.point, ctx.question.text, ctx.prompt.questionStems);
  if (hidden === 0) return null;
  state.clozeGiven = true;
  return p(`Here's a nudge: the mark scheme point reads something like <em>${html}</em>. Can you fill in the gaps?`);
}

/** The last rung of the ladder: the point itself, then on to the next one (it counts as shown, not earned). */
function givePoint(ctx: Context, state: State, target: Target): string {
  state.done.add(target.point.id);
  state.tries = 0;
  state.clozeGiven = false;
  const given = p(
    `Here is the point itself: <em>${escapeHtml(firstWording(target.point.text))}</em>. Put it into your answer in your own words.`,
  );
  const next = currentTarget(ctx, state);
  if (next) return given + presentTarget(ctx, next, 'Next');
  state.closed = true;
  return given + p(`That was the last point to work on. Write them all into your answer and resubmit it. ${SIMILAR}`);
}

/**
 * One hint, the ladder: each rung reveals more and none is given twice. A worked step from the question
 * that fits the point, then the point with gaps, then the point itself. (A multiple-choice question's
 * worked steps are all about its one point, so any of them fits.)
 */
function hintFor(ctx: Context, state: State, target: Target | null, afterTry = false): string {
  const fitting = nextHint(ctx, state, target, false);
  if (fitting) return p("Here's a hint:") + fitting + p(pick(NUDGE, state));
  if (target) {
    const gaps = cloze(ctx, state, target);
    if (gaps) return gaps;
  }
  const any = target && !ctx.prompt.isMultipleChoice ? null : nextHint(ctx, state, target, true);
  if (any) return p("Here's a hint:") + any + p(pick(NUDGE, state));
  // after a wrong try the ladder stops short of the point: three tries bring the worked answer instead
  if (target && afterTry) return p(`Look at the question again. ${guidingQuestion(target.point, ctx.prompt)}`);
  if (target) return ctx.prompt.isMultipleChoice ? handleAnswerRequest(ctx, state) : givePoint(ctx, state, target);
  return p("I've given you all the hints I have. Have a go in your own words, or ask me for the answer.");
}

function workedAnswer(ctx: Context, state: State): string {
  state.revealed = true;
  for (const t of ctx.targets) state.done.add(t.point.id);
  state.tries = 0;
  state.clozeGiven = false;
  const q = ctx.question;
  const parts = [p('<strong>The worked answer</strong>')];
  if (q.type === 'multiple_choice' && q.correctAnswer && q.correctAnswer.includes('|')) {
    // several options fully right: any one of them
    const right = q.correctAnswer.split('|');
    parts.push(
      p(
        `Any one of these options is correct: ${right.map((l) => `<strong>${escapeHtml(l)}</strong>${q.options?.[l] ? `: ${q.options[l]}` : ''}`).join('; ')}.`,
      ),
    );
  } else if (q.type === 'multiple_choice' && q.correctAnswer) {
    const optionText = q.options?.[q.correctAnswer];
    parts.push(p(`The correct option is <strong>${escapeHtml(q.correctAnswer)}</strong>${optionText ? `: ${optionText}` : ''}.`));
  }
  if (q.modelAnswer) parts.push(q.modelAnswer);
  if (ctx.points.length > 0) {
    parts.push(p(`<strong>Mark scheme</strong> (${plural(q.totalMarks, 'mark')})`));
    parts.push(`<ol>${ctx.points.map((pt) => `<li>${escapeHtml(pt.text)} <em>(${plural(pt.marks, 'mark')})</em></li>`).join('')}</ol>`);
  }
  if (!q.modelAnswer && ctx.points.length === 0 && !(q.type === 'multiple_choice' && q.correctAnswer))
    return p("I don't have a worked answer for this question, but I can keep giving you hints.");
  parts.push(p('Now try writing the answer in your own words without looking, then update your answer and resubmit it.'));
  return parts.join('');
}

/** Marks of the points earned (the answer's and the conversation's), groups capped, at most the question's total. */
function scoreOf(ctx: Context, state: State, full: boolean): number {
  if (full) return ctx.question.totalMarks;
  const earned = ctx.points.filter((pt) => ctx.coveredIds.has(pt.id) || state.earned.has(pt.id));
  return Math.min(ctx.question.totalMarks, schemeMaxMarks(earned, { groups: ctx.question.schemeRules?.groups }));
}

const SIMILAR = 'Want to try a similar question?';

/** The close: every point done. Says the score when the student earned them, never loops back. */
function finishedMessage(ctx: Context, state: State, full = false): string {
  state.closed = true;
  if (state.revealed) return p(`You've seen the full worked answer now. Write it in your own words, then resubmit. ${SIMILAR}`);
  const levels = (ctx.question.schemeRules?.levels ?? []).length > 0;
  if (levels)
    return p(
      `That covers all the indicative content the mark scheme lists. Write it up as one connected, well-organised answer to reach the top level. ${SIMILAR}`,
    );
  const total = ctx.question.totalMarks;
  const score = scoreOf(ctx, state, full);
  const lead = score >= total ? `That's the full answer: ${score}/${total}.` : `That's every point covered: ${score}/${total}.`;
  const update = ctx.targets.length > 0 ? p('Put it into your answer in your own words and resubmit it to see your new mark.') : '';
  return p(`${lead} ${SIMILAR}`) + update;
}

function afterPoint(ctx: Context, state: State, full = false): string {
  const next = full ? null : currentTarget(ctx, state);
  return next ? presentTarget(ctx, next, 'Next') : finishedMessage(ctx, state, full);
}

function handleAnswerRequest(ctx: Context, state: State): string {
  state.answerRequests++;
  const target = currentTarget(ctx, state);
  const earned = ctx.points.length > 0 && ctx.targets.length === 0 && (ctx.feedback !== null || ctx.hasAnswer);
  if (earned || state.revealed || state.answerRequests >= 2 || !target) {
    const lead = earned ? p("You've already earned every mark, so here is the full worked answer to compare with yours.") : '';
    return lead + workedAnswer(ctx, state);
  }
  const parts: string[] = [];
  if (!state.presented) parts.push(introduction(ctx, state));
  parts.push(p("I'd rather you got there yourself: you'll remember it better. So here's a stronger hint."));
  const gaps = cloze(ctx, state, target);
  if (gaps) parts.push(gaps);
  else {
    const hint = nextHint(ctx, state, target, true);
    if (hint) parts.push(hint);
    else parts.push(p(guidingQuestion(target.point, ctx.prompt)));
  }
  parts.push(p("If you'd still like the full answer, ask me again and I'll show it."));
  return parts.join('');
}

function handleMarkScheme(ctx: Context, state: State): string {
  if (ctx.points.length === 0)
    return p(`I don't have a mark scheme for this question, but it is worth ${plural(ctx.question.totalMarks, 'mark')}.`);
  const items = ctx.points.map((pt) => {
    const have = ctx.coveredIds.has(pt.id) || (state.done.has(pt.id) && !state.revealed) ? ' <em>(you have this)</em>' : '';
    return `<li>${themeLabel(pt, ctx.prompt)} <em>(${plural(pt.marks, 'mark')})</em>${have}</li>`;
  });
  const target = currentTarget(ctx, state);
  const parts = [
    p(
      `The mark scheme has ${plural(ctx.points.length, 'point')} for ${plural(ctx.question.totalMarks, 'mark')}. Without giving them away, it looks for:`,
    ),
    `<ol>${items.join('')}</ol>`,
  ];
  if (target && state.presented)
    parts.push(
      p(`We're working on point ${target.number} of the ${ctx.targets.length} to work on. ${guidingQuestion(target.point, ctx.prompt)}`),
    );
  else if (target) parts.push(p('Ask for a hint when you want to start, or tell me your thinking.'));
  return parts.join('');
}

function handleMarks(ctx: Context): string {
  const q = ctx.question;
  const points = ctx.points.length > 0 ? `, from ${plural(ctx.points.length, 'mark-scheme point')}` : '';
  const parts = [p(`This question is worth ${plural(q.totalMarks, 'mark')}${points}.`)];
  if (ctx.feedback) parts.push(p(`Your last marked answer scored ${ctx.feedback.marks_awarded}/${ctx.feedback.total_marks}.`));
  return parts.join('');
}

function handleThanks(ctx: Context, state: State): string {
  const worked = ctx.targets.filter((t) => state.done.has(t.point.id)).length;
  if (ctx.targets.length > 0 && worked === ctx.targets.length && !state.revealed)
    return p(
      "You're welcome, and great work: you've worked through every point you were missing. Update your answer and resubmit it to see your new mark.",
    );
  if (worked > 0 && !state.revealed)
    return p(
      `You're welcome! You've worked through ${worked} of the ${ctx.targets.length} points you were missing. Come back when you want to carry on, and resubmit your answer when you're ready.`,
    );
  return p("You're welcome! Keep going: come back any time you'd like a hint.");
}

/** Attempts to make the tutor leave its role or change marks. */
const INJECTION =
  /\b(ignore (all |any |your |the |my )?(previous |prior |above |earlier )?(instructions|rules|prompts?)|system prompt|your (instructions|prompt|rules)|developer mode|jailbreak|you are now|pretend (to be|you are)|act as (a|an|my)|disregard (the|your|all)|give me (full|all the|maximum) marks|mark (it|this|me) as (correct|right|full)|award (me )?(full|all( the)?) marks)\b|^\s*system\s*:/i;

/** A guess put as a question ('is it B?', 'could it be 12?'): an attempt, not a question of the student's own. */
function isGuess(message: string): boolean {
  return /^(is it|is the answer|so it'?s|it'?s|could it be|would it be|is that)\b/i.test(message.trim());
}

/** Where the conversation goes on after a side remark: the current point's question, or the close. */
function carryOn(ctx: Context, state: State): string {
  const target = currentTarget(ctx, state);
  if (!target) return state.closed || state.revealed ? '' : finishedMessage(ctx, state);
  if (!state.presented) return introduction(ctx, state);
  return p(`Now, for this question: ${guidingQuestion(target.point, ctx.prompt)}`);
}

function offTopic(ctx: Context, state: State): string {
  return p("That's not something I can help with here: I'm your tutor for this question, so let's stay with it.") + carryOn(ctx, state);
}

/** The reason a student gives for a choice, in their own words ('because there are more molecules'). */
function reasonGiven(message: string): string | null {
  const m = /\b(because|since|as)\s+(.{4,120}?)[.!?]*$/i.exec(message.trim());
  return m ? m[2].trim() : null;
}

function notYet(message: string, ctx: Context, target: Target, judgement: Judgement): string {
  if (ctx.prompt.isMultipleChoice) {
    const chosen = chosenOption(message, ctx.question);
    const reason = reasonGiven(message);
    const which = chosen ? `${escapeHtml(chosen)} isn't the right option.` : "that isn't the right option.";
    const why = reason ? ` Check your reasoning, “${escapeHtml(reason)}”, against what the question describes.` : '';
    return `Not yet: ${which}${why}`;
  }
  if (judgement.contradicted.has(target.point.id)) return "Not yet: careful, that says the opposite of what's needed here.";
  if (target.point.numeric && /\d/.test(message))
    return "Not yet: that isn't the value I get. Check your working step by step, and the unit.";
  return "Not yet: that doesn't earn this mark-scheme point as it stands.";
}

function earnedWords(ctx: Context, ids: string[]): string {
  const earned = ctx.points.filter((pt) => ids.includes(pt.id));
  if (earned.length === 1) return `That earns the mark-scheme point <em>${escapeHtml(earned[0].text)}</em>.`;
  return `That earns ${earned.length} mark-scheme points: ${earned.map((pt) => `<em>${escapeHtml(pt.text)}</em>`).join('; ')}.`;
}

function quote(text: string): string {
  return `“${escapeHtml(text)}”`;
}

function sentenceOf(text: string): string {
  const t = text.trim().replace(/[,;:]+$/, '');
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** 'it goes up' / 'higher', in the words of the student's own question. */
function directionWords(asked: DirectionQuestion, direction: 'up' | 'down'): string {
  const word = direction === 'up' ? asked.up : asked.down;
  if (asked.up === 'go up' || asked.up === 'up') return direction === 'up' ? 'It goes up' : 'It goes down';
  if (asked.up === 'increase' || asked.up === 'rise') return `It ${word}s`;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** 'Does the resistance go up or down when it gets hotter?', answered from the scheme's direction words. */
function answerDirection(text: string, ctx: Context, state: State): string | null {
  const asked = parseDirectionQuestion(text);
  if (!asked || ctx.points.length === 0) return null;
  const about = askedAbout(asked.about);
  const found = schemeDirection(ctx.question, about.subject.length > 0 ? about.subject : about.all, about.all);
  if (!found) return null;
  state.lastAsked = asked.about;
  return p(`${directionWords(asked, found.direction)}: ${escapeHtml(sentenceOf(found.clause))}`);
}

/**
 * A misconception stated plainly: a wording the scheme rejects or the opposite of a point (the marker's
 * decisions, as data), or the opposite of the scheme's direction ('it goes down'). Says what is true.
 */
function misconception(text: string, ctx: Context, state: State, judgement: Judgement): string | null {
  for (const e of judgement.evaluations) {
    const point = ctx.points.find((pt) => pt.id === e.point_id);
    if (!point || state.earned.has(point.id) || ctx.coveredIds.has(point.id)) continue;
    const opposite = e.status === 'CONTRADICTED' && (e.rule === 'direction' || e.rule === 'contradiction');
    if (e.rule !== 'rejected-wording' && !opposite) continue;
    const said = e.evidence ? quote(e.evidence) : 'that';
    return p(
      `Not yet: that isn't right. ${said} is a common misconception${e.rule === 'rejected-wording' ? ', and the mark scheme does not accept it' : ''}. In fact, ${escapeHtml(sentenceOf(firstWording(point.text)))}`,
    );
  }
  return ownDirectionMisconception(text, ctx, state)?.html ?? null;
}

/** The student says a quantity goes the other way from the scheme's direction word ('it goes down'). */
function ownDirectionMisconception(text: string, ctx: Context, state: State): { html: string; pointId: string } | null {
  if (ctx.prompt.isMultipleChoice || looksLikeQuestion(text)) return null;
  const said = statedDirection(text);
  if (!said) return null;
  const own = subjectStems(text);
  const about = own.length < 2 && state.lastAsked ? [...own, ...askedAbout(state.lastAsked).subject] : own;
  const found = schemeDirection(ctx.question, about);
  if (!found || found.direction === said || found.score < 4) return null;
  return {
    pointId: found.point.id,
    html: p(
      `Not yet: that isn't right. It goes ${found.direction}, not ${said}. That's a common misconception. In fact, ${escapeHtml(sentenceOf(found.clause))}`,
    ),
  };
}

const WHY_MARKED =
  /\bwhy\b.*\b(marked?|wrong|lose|lost|not (get|given|credited|count)|wasn'?t|didn'?t|isn'?t|mark for|marks? for|credit(ed)?|given|score[sd]?|right)\b/i;

function reasonFor(e: PointEvaluation, point: MarkPoint | undefined): string {
  const ev = e.evidence ? quote(e.evidence) : null;
  switch (e.rule) {
    case 'rejected-wording':
      return `you wrote ${ev ?? 'a wording'}, which the mark scheme does not accept for it`;
    case 'direction':
    case 'contradiction':
      return `you wrote ${ev ?? 'something'} , which says the opposite of what it needs`.replace(' ,', ',');
    case 'required-word': {
      const terms = (point?.required ?? []).flatMap((r) => r.split('|')).map((t) => quote(t.trim()));
      return `it needs a key term your answer does not use${terms.length > 0 ? ` (${terms.slice(0, 3).join(' or ')})` : ''}`;
    }
    case 'value':
      return ev ? `your value ${ev} is not the value the mark scheme expects` : 'your answer does not give the value it expects';
    case 'option':
      return ev ? `you chose ${ev}, which is not the right option` : 'the option chosen is not the right one';
    case 'no-method':
      return 'this accuracy mark needs the method step before it, which your answer does not show';
    case 'swapped-definition':
      return `what you wrote${ev ? `, ${ev},` : ''} is the definition of the other term, not of this one`;
    case 'blank':
      return 'the answer was blank';
    case 'formula-different':
      return ev ? `your working ${ev} is not the same as the step it needs` : 'your working is not the same as the step it needs';
    default:
      return 'your answer does not make this point yet';
  }
}

/** 'Why was that marked wrong?': the marker's decisions (status, rule, evidence) put into words, never its English. */
function whyMarked(text: string, ctx: Context, state: State): string | null {
  if (!WHY_MARKED.test(text)) return null;
  const answer = ctx.answer;
  const evaluations = ctx.feedback?.markscheme_evaluation ?? (answer ? judgeAttempt(ctx.question, answer).evaluations : null);
  if (!evaluations || evaluations.length === 0)
    return p(
      "I haven't seen a marked answer to this question yet: submit your answer and I can tell you why each point was or wasn't given.",
    );
  const pointOf = (e: PointEvaluation) => ctx.points.find((pt) => pt.id === e.point_id);
  const label = (e: PointEvaluation) => {
    const pt = pointOf(e);
    return pt ? themeLabel(pt, ctx.prompt) : escapeHtml(e.text);
  };
  const asksAboutCredit = !/\b(wrong|lose|lost|not|no)\b|n'?t\b/i.test(text) && /\b(get|got|given|earn|right|credit)/i.test(text);
  if (asksAboutCredit) {
    const covered = evaluations.filter((e) => e.status === 'COVERED');
    if (covered.length === 0) return p('No point of the mark scheme was given for that answer yet.');
    return (
      p('These were given:') +
      `<ul>${covered
        .slice(0, 4)
        .map(
          (e) =>
            `<li>${label(e)}: ${e.evidence ? `you wrote ${quote(e.evidence)}, which makes the point` : 'your answer makes the point'}.</li>`,
        )
        .join('')}</ul>`
    );
  }
  let missed = evaluations.filter((e) => e.status !== 'COVERED');
  if (missed.length === 0) return p('Nothing was marked wrong: your marked answer earned every point of the mark scheme.');
  // the one the conversation is about first: a direction asked about, then stated wrong wordings, then the rest
  const about = state.lastAsked ? schemeDirection(ctx.question, askedAbout(state.lastAsked).subject) : null;
  const rank = (e: PointEvaluation) =>
    (about && about.point.id === e.point_id ? 0 : 2) - (e.evidence ? 1 : 0) + (e.status === 'CONTRADICTED' ? -0.5 : 0);
  missed = [...missed].sort((a, b) => rank(a) - rank(b)).slice(0, 3);
  const lines = missed.map((e) => {
    const pt = pointOf(e);
    const wrongIdea = pt && e.evidence && (e.rule === 'rejected-wording' || e.rule === 'direction' || e.rule === 'contradiction');
    return `<li>${label(e)}: not given because ${reasonFor(e, pt)}.${wrongIdea ? ` In fact, ${escapeHtml(sentenceOf(firstWording(pt.text)))}` : ''}</li>`;
  });
  return (
    p(missed.length === 1 ? 'Here is why that point was not given:' : 'Here is why these points were not given:') +
    `<ul>${lines.join('')}</ul>`
  );
}

function handleAttempt(message: string, ctx: Context, state: State, fromHelp: boolean): string {
  if (ctx.points.length === 0) {
    return (
      p("I can't check that against a mark scheme for this question, but here's something to compare it with.") + hintFor(ctx, state, null)
    );
  }
  const judgement = judgeAttempt(ctx.question, message);
  const target = currentTarget(ctx, state);
  if (!target) {
    // Every point is done: say whether the statement earns any point of the scheme, then close again.
    const lead =
      judgement.covered.size > 0 ? p('Yes, that matches the mark scheme.') : p("That doesn't earn a mark-scheme point as it stands.");
    return lead + p(`You've already covered every point. ${SIMILAR}`);
  }
  // a statement that turns the scheme's direction round earns nothing here, whatever else it shares with the point
  const turned = ownDirectionMisconception(message, ctx, state);
  const fresh = ctx.targets
    .filter((t) => !state.done.has(t.point.id) && judgement.covered.has(t.point.id) && t.point.id !== turned?.pointId)
    .map((t) => t.point.id);
  if (judgement.full && !turned) {
    state.presented = true;
    const all = ctx.targets.filter((t) => !state.done.has(t.point.id)).map((t) => t.point.id);
    markEarned(state, all);
    return p(`${pick(PRAISE, state)}`) + finishedMessage(ctx, state, true);
  }
  if (fresh.length > 0) {
    state.presented = true;
    markEarned(state, fresh);
    return p(`${pick(PRAISE, state)} ${earnedWords(ctx, fresh)}`) + afterPoint(ctx, state);
  }
  // A question ('why?') or a message with nothing to check is a request for help, not a try.
  const guess = isGuess(message) || (ctx.prompt.isMultipleChoice && chosenOption(message, ctx.question) !== null);
  const nothingToCheck = !guess && (looksLikeQuestion(message) || contentStems(message).length === 0);
  const wrong = fromHelp || nothingToCheck ? null : (turned?.html ?? misconception(message, ctx, state, judgement));
  if (!state.presented) {
    // The student did not know which point we were on: no try is counted.
    if (fromHelp || nothingToCheck) return introduction(ctx, state);
    return (wrong ?? p(notYet(message, ctx, target, judgement))) + introduction(ctx, state);
  }
  if (fromHelp || nothingToCheck) return hintFor(ctx, state, target);
  state.tries++;
  const verdict = wrong ?? p(notYet(message, ctx, target, judgement));
  if (state.tries >= TRIES_BEFORE_ANSWER) {
    return (
      verdict +
      p(`That's ${plural(state.tries, 'try')} at this point, so let's look at the worked answer together.`) +
      workedAnswer(ctx, state)
    );
  }
  if (wrong) return verdict + carryOn(ctx, state);
  return verdict + hintFor(ctx, state, target, true);
}

/** One step of the conversation: the reply to `message`, updating `state`. */
function respond(ctx: Context, state: State, message: string): string {
  state.turn++;
  const text = message.trim();
  if (!text) return p('Type a message: tell me your thinking, or ask for a hint.');
  const intent = classifyMessage(text);
  const target = currentTarget(ctx, state);
  if (INJECTION.test(text))
    return p("I can't do that: I only help with this question, and I can't change how it is marked.") + carryOn(ctx, state);
  if (intent !== 'thanks' && intent !== 'answer-request') {
    const why = whyMarked(text, ctx, state);
    if (why) return why + carryOn(ctx, state);
    const direction = answerDirection(text, ctx, state);
    if (direction) return direction + carryOn(ctx, state);
  }
  switch (intent) {
    case 'thanks':
      return handleThanks(ctx, state);
    case 'answer-request':
      return handleAnswerRequest(ctx, state);
    case 'mark-scheme':
      return handleMarkScheme(ctx, state);
    case 'marks':
      return handleMarks(ctx);
    default:
      break;
  }
  // The student's own question comes first (unless it is really an attempt: 'is it B?').
  // 'Where do I start?' asks for help, not for a definition.
  const asksForHelp = intent === 'help' && parseStudentQuestion(text).kind === 'other';
  if (!asksForHelp && looksLikeQuestion(text) && ctx.points.length > 0) {
    const judgement = judgeAttempt(ctx.question, text);
    const earns = [...judgement.covered].some((id) => !state.done.has(id));
    // 'What does facilitated diffusion mean?' is a question even when its words would earn a point.
    const ownQuestion = parseStudentQuestion(text).kind !== 'other';
    if ((ownQuestion || !earns) && !isGuess(text)) {
      if (!isAboutQuestion(text, ctx.question)) return offTopic(ctx, state);
      const answer = answerStudentQuestion(text, ctx.question);
      if (answer) return answer + carryOn(ctx, state);
    }
  } else if (!asksForHelp && looksLikeQuestion(text)) {
    const answer = answerStudentQuestion(text, ctx.question);
    if (answer) return answer + carryOn(ctx, state);
  }
  switch (intent) {
    case 'greeting':
      if (!state.presented) return p('Hi!') + introduction(ctx, state);
      return p('Hi again!') + (target ? p(guidingQuestion(target.point, ctx.prompt)) : finishedMessage(ctx, state));
    case 'ack':
      if (!state.presented) return introduction(ctx, state);
      return target ? p(`Have a go. ${guidingQuestion(target.point, ctx.prompt)}`) : finishedMessage(ctx, state);
    case 'help': {
      // 'I'm not sure, but is it because the substrate fits?' is still an attempt worth checking.
      if (target && ctx.points.length > 0 && [...judgeAttempt(ctx.question, text).covered].some((id) => !state.done.has(id)))
        return handleAttempt(text, ctx, state, true);
      if (!state.presented) {
        const intro = introduction(ctx, state);
        const first = currentTarget(ctx, state);
        return first ? intro + hintFor(ctx, state, first) : intro;
      }
      if (!target) {
        state.helpAfterClose++;
        if (state.helpAfterClose % 2 === 1)
          return p(
            "You've already covered every point, so there's nothing left to hint at. Ask me for the worked answer to compare yours with it, or try a similar question.",
          );
        return state.revealed ? p(`You've seen the worked answer. ${SIMILAR}`) : workedAnswer(ctx, state);
      }
      return hintFor(ctx, state, target);
    }
    default:
      if (ctx.points.length > 0 && !isAboutQuestion(text, ctx.question) && judgeAttempt(ctx.question, text).covered.size === 0)
        return offTopic(ctx, state);
      return handleAttempt(text, ctx, state, false);
  }
}

/** The built-in tutor's reply to the student's latest message (synchronous, deterministic, offline). */
export function builtinTutorReply(input: TutorInput): TutorReply {
  const ctx = buildContext(input);
  const state = newState();
  const earlier = input.history.filter((turn) => turn.role === 'user').slice(-MAX_REPLAYED_TURNS);
  for (const turn of earlier) respond(ctx, state, turn.content);
  return { content: respond(ctx, state, input.message), by: BUILTIN_TUTOR_LABEL };
}
