import type { Feedback, MarkPoint } from '../../../../shared/mark-scheme';
import type { QuestionForMarking, TutorInput, TutorReply } from '../../engine';
import { classifyMessage } from './message-intent';
import { clozeOf, commandWordOf, guidingQuestion, hintRelevance, themeLabel, type PromptContext } from './point-prompts';
import { chooseOption } from '../../text/choose-option';
import { escapeHtml } from '../../text/html-entities';
import { checkAttempt, containsPhrase, contentStems, normaliseText, plainText, type AttemptCheck } from './text-match';

/**
 * The built-in Socratic tutor. It works on the mark-scheme points the student's answer missed, one at
 * a time: a guiding question, then the question's worked-step hints, then a fill-in-the-gaps version of
 * the point; it checks what the student says against the point; it shows the full worked answer only
 * when asked twice or after three unsuccessful tries on one point.
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
  hints: string[];
  prompt: PromptContext;
  matchContext: { questionStems: string[] };
}

interface State {
  /** Points earned or revealed during the conversation. */
  done: Set<string>;
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
}

function withDefaults(point: MarkPoint): MarkPoint {
  return {
    ...point,
    marks: point.marks ?? 1,
    kind: point.kind ?? 'content',
    accept: point.accept ?? [],
    reject: point.reject ?? [],
    ignore: point.ignore ?? [],
    required: point.required ?? [],
  };
}

function pointFromEvaluation(id: string, text: string): MarkPoint {
  return { id, text, marks: 1, kind: 'content', accept: [], reject: [], ignore: [], required: [] };
}

function buildContext(input: TutorInput): Context {
  const question = input.question;
  const points = (question.markScheme ?? []).map(withDefaults);
  const questionStems = contentStems(plainText([question.text, ...Object.values(question.options ?? {})].join(' ')));
  const matchContext = { questionStems };
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
  } else if (answer) {
    missing = points.filter((p) => {
      const covered = answerCoversPoint(answer, p, question, matchContext);
      if (covered) coveredIds.add(p.id);
      return !covered;
    });
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
    hints: (question.hints ?? []).filter((h) => h.trim().length > 0),
    prompt: { questionStems, isMultipleChoice: question.type === 'multiple_choice', commandWord: commandWordOf(question.text) },
    matchContext,
  };
}

function answerCoversPoint(
  answer: string,
  point: MarkPoint,
  question: QuestionForMarking,
  matchContext: { questionStems: string[] },
): boolean {
  if (question.type === 'multiple_choice' && question.correctAnswer) return chosenOption(answer, question) === question.correctAnswer;
  return checkAttempt(answer, point, matchContext).verdict === 'right';
}

/** The option letter a message picks in a multiple-choice question, if it picks one. */
function chosenOption(message: string, question: QuestionForMarking): string | null {
  const options = question.options ?? {};
  const letters = Object.keys(options).map((l) => l.toUpperCase());
  if (letters.length === 0) return null;
  const letter = chooseOption(message, options);
  if (letter && letters.includes(letter)) return letter;
  // Otherwise the option whose text the message quotes; the longest wins ('-3/2' over '3/2').
  let best: { key: string; length: number } | null = null;
  for (const [key, value] of Object.entries(options)) {
    const optionText = plainText(value);
    if (optionText.length >= 2 && containsPhrase(message, optionText) && (!best || optionText.length > best.length))
      best = { key: key.toUpperCase(), length: optionText.length };
  }
  return best?.key ?? null;
}

function newState(): State {
  return {
    done: new Set(),
    presented: false,
    tries: 0,
    clozeGiven: false,
    hintsUsed: new Set(),
    answerRequests: 0,
    revealed: false,
    turn: 0,
  };
}

function currentTarget(ctx: Context, state: State): Target | null {
  return ctx.targets.find((t) => !state.done.has(t.point.id)) ?? null;
}

function markDone(state: State, id: string): void {
  state.done.add(id);
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

/**
 * One hint, the ladder: a worked step from the question that fits the point, then the point with
 * gaps, then any worked step not yet given, then a prompt to try.
 */
function hintFor(ctx: Context, state: State, target: Target | null): string {
  const fitting = nextHint(ctx, state, target, false);
  if (fitting) return p("Here's a hint:") + fitting + p(pick(NUDGE, state));
  if (target) {
    const gaps = cloze(ctx, state, target);
    if (gaps) return gaps;
  }
  const any = nextHint(ctx, state, target, true);
  if (any) return p("Here's a hint:") + any + p(pick(NUDGE, state));
  if (target)
    return (
      p(`I've given you all the hints I have for this point. ${guidingQuestion(target.point, ctx.prompt)}`) +
      p('Have a go in your own words, or ask me for the answer.')
    );
  return p("I've given you all the hints I have. Have a go in your own words, or ask me for the answer.");
}

function workedAnswer(ctx: Context, state: State): string {
  state.revealed = true;
  for (const t of ctx.targets) state.done.add(t.point.id);
  state.tries = 0;
  state.clozeGiven = false;
  const q = ctx.question;
  const parts = [p('<strong>The worked answer</strong>')];
  if (q.type === 'multiple_choice' && q.correctAnswer) {
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

function finishedMessage(ctx: Context): string {
  if (ctx.targets.length === 0) return p('Your answer already covers every mark-scheme point.');
  return p(
    'That covers every point you were missing. Put these ideas into your answer in your own words, then update and resubmit it to see your new mark.',
  );
}

function afterPoint(ctx: Context, state: State): string {
  const next = currentTarget(ctx, state);
  return next ? presentTarget(ctx, next, 'Next') : finishedMessage(ctx);
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

function verdictWords(check: AttemptCheck, ctx: Context, point: MarkPoint): string {
  const matched = check.matchedWords
    .slice(0, 3)
    .map((w) => `<em>${escapeHtml(w)}</em>`)
    .join(', ');
  switch (check.reason) {
    case 'unit-missing':
      return `Partly right: your value is correct, but what is its unit?`;
    case 'sig-figs':
      return `Partly right: that's the right value, but check the significant figures. The question wants ${point.numeric?.sigFigs ?? 'a set number of'} significant figures.`;
    case 'power-of-ten':
      return 'Partly right: your digits look right but the size is out by a power of ten. Check unit conversions (such as kJ to J, or cm to m) and any standard form.';
    case 'sign':
      return 'Partly right: the size is right, but check the sign.';
    case 'required-missing':
      return "Partly right: you're close, but the mark scheme needs a particular key term here. Which word would an examiner look for?";
    case 'some-overlap':
      return `Partly right: you're on the right lines${matched ? ` with ${matched}` : ''}, but ${check.missingKeys === 1 ? 'one key idea is still missing' : 'some key ideas are still missing'}.`;
    case 'reject':
      return "Not yet: that particular answer wouldn't get the mark.";
    case 'negation':
      return "Not yet: careful, that says the opposite of what's needed here.";
    case 'wrong-number':
      return "Not yet: that isn't the value I get. Check your working step by step.";
    default:
      return ctx.prompt.isMultipleChoice
        ? "Not yet: that isn't the right option."
        : "Not yet: that doesn't match what the mark scheme is looking for here.";
  }
}

function checkAgainst(message: string, ctx: Context, point: MarkPoint): AttemptCheck {
  if (ctx.prompt.isMultipleChoice && ctx.question.correctAnswer) {
    const chosen = chosenOption(message, ctx.question);
    if (chosen) {
      return chosen === ctx.question.correctAnswer.toUpperCase()
        ? { verdict: 'right', reason: 'accept', matchedWords: [chosen], missingKeys: 0 }
        : { verdict: 'not-yet', reason: 'no-overlap', matchedWords: [chosen], missingKeys: 1 };
    }
  }
  return checkAttempt(message, point, ctx.matchContext);
}

/** Whether a message reads as a question rather than a statement ('what is an enzyme?'). */
function isQuestion(message: string): boolean {
  const text = normaliseText(message);
  return /\?\s*$/.test(text) && /^(what|why|how|when|which|who|where|can|could|would|should|do|does|is there|are there|so)\b/.test(text);
}

function handleAttempt(message: string, ctx: Context, state: State, fromHelp: boolean): string {
  if (ctx.points.length === 0) {
    return (
      p("I can't check that against a mark scheme for this question, but here's something to compare it with.") + hintFor(ctx, state, null)
    );
  }
  const target = currentTarget(ctx, state);
  if (!target) {
    // Every point is done: say whether the statement matches any point of the scheme.
    const best = ctx.points.map((pt) => checkAgainst(message, ctx, pt)).find((c) => c.verdict === 'right');
    const lead = best ? p('Yes, that matches the mark scheme.') : p("That doesn't match a mark-scheme point as it stands.");
    return lead + finishedMessage(ctx);
  }
  const check = checkAgainst(message, ctx, target.point);
  if (check.verdict === 'right') {
    state.presented = true;
    markDone(state, target.point.id);
    return (
      p(`${pick(PRAISE, state)} That matches the mark-scheme point <em>${escapeHtml(target.point.text)}</em>.`) + afterPoint(ctx, state)
    );
  }
  // Right for another point still to earn? Credit it and stay on this one.
  const other = ctx.targets.find(
    (t) => t !== target && !state.done.has(t.point.id) && checkAgainst(message, ctx, t.point).verdict === 'right',
  );
  if (other) {
    state.done.add(other.point.id);
    const wasPresented = state.presented;
    state.presented = true;
    const back = wasPresented
      ? p(`Back to the point we were on: ${guidingQuestion(target.point, ctx.prompt)}`)
      : presentTarget(ctx, target, 'Now');
    return p(`Good: that earns another point you were missing, <em>${escapeHtml(other.point.text)}</em>.`) + back;
  }
  // Heading towards another point still to earn? Say so, without counting a try on this one.
  const elsewhere =
    check.verdict === 'not-yet' &&
    ctx.targets.find((t) => t !== target && !state.done.has(t.point.id) && checkAgainst(message, ctx, t.point).verdict === 'partly');
  if (elsewhere && state.presented) {
    return (
      p("That sounds like it belongs to a different point in the mark scheme: hold on to it, we'll come to it.") +
      p(`For now: ${guidingQuestion(target.point, ctx.prompt)}`)
    );
  }
  // A question ('why?') or a message with nothing to check is a request for help, not a try.
  const nothingToCheck = check.verdict === 'not-yet' && (isQuestion(message) || contentStems(message).length === 0);
  if (!state.presented) {
    // The student did not know which point we were on: no try is counted.
    if (fromHelp || nothingToCheck) return introduction(ctx, state);
    if (check.verdict === 'not-yet') return p(verdictWords(check, ctx, target.point)) + introduction(ctx, state);
    state.presented = true;
    const parts = [p(`Let's start with the first point you still need. ${verdictWords(check, ctx, target.point)}`)];
    state.tries++;
    parts.push(hintFor(ctx, state, target));
    return parts.join('');
  }
  if (check.verdict === 'not-yet' && (fromHelp || nothingToCheck)) return hintFor(ctx, state, target);
  state.tries++;
  const verdict = p(verdictWords(check, ctx, target.point));
  if (state.tries >= TRIES_BEFORE_ANSWER) {
    return (
      verdict +
      p(`That's ${plural(state.tries, 'try')} at this point, so let's look at the worked answer together.`) +
      workedAnswer(ctx, state)
    );
  }
  return verdict + hintFor(ctx, state, target);
}

/** One step of the conversation: the reply to `message`, updating `state`. */
function respond(ctx: Context, state: State, message: string): string {
  state.turn++;
  const text = message.trim();
  if (!text) return p('Type a message: tell me your thinking, or ask for a hint.');
  const intent = classifyMessage(text);
  const target = currentTarget(ctx, state);
  switch (intent) {
    case 'thanks':
      return handleThanks(ctx, state);
    case 'answer-request':
      return handleAnswerRequest(ctx, state);
    case 'mark-scheme':
      return handleMarkScheme(ctx, state);
    case 'marks':
      return handleMarks(ctx);
    case 'greeting':
      if (!state.presented) return p('Hi!') + introduction(ctx, state);
      return p('Hi again!') + (target ? p(guidingQuestion(target.point, ctx.prompt)) : finishedMessage(ctx));
    case 'ack':
      if (!state.presented) return introduction(ctx, state);
      return target ? p(`Have a go. ${guidingQuestion(target.point, ctx.prompt)}`) : finishedMessage(ctx);
    case 'help': {
      // 'I'm not sure, but is it because the substrate fits?' is still an attempt worth checking.
      if (target && state.presented && checkAgainst(text, ctx, target.point).verdict !== 'not-yet')
        return handleAttempt(text, ctx, state, true);
      if (!state.presented) {
        const intro = introduction(ctx, state);
        const first = currentTarget(ctx, state);
        return first ? intro + hintFor(ctx, state, first) : intro;
      }
      if (!target) return finishedMessage(ctx) + p('Ask me for the worked answer if you want to compare yours with it.');
      return hintFor(ctx, state, target);
    }
    default:
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
