import { Link } from 'wouter';
import type { CourseSpecification, SpecificationPoint } from '../../shared/specification';
import { Button } from './ui/button';

/** At most this many sub-topics are offered beside the topic field. */
const MAX_OFFERED = 4;

/** Words that say nothing of what a sub-topic is about. */
const FILLER = new Set(['the', 'and', 'of', 'in', 'on', 'to', 'for', 'with', 'how', 'what', 'why', 'their', 'its', 'from', 'into']);

/** A word reduced to what its singular and plural share: 'enzymes' and 'enzyme', 'processes' and 'process'. */
function stem(word: string): string {
  let w = word.toLowerCase();
  if (/ies$/.test(w) && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^s]s$/.test(w) && w.length > 3) w = w.slice(0, -1);
  return w.length > 4 ? w.replace(/e$/, '') : w;
}

/** The words of a text worth matching on, as stems. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 3 && !FILLER.has(w)).map(stem);
}

/**
 * The course board's specification points (the question bank's finer sub-topics) that a typed topic names: every
 * word typed is a word of the point's title ('enzymes' finds 'Protein structure and how enzymes work'), or begins
 * one when five or more letters are typed. Points without questions are left out; in the specification's order.
 */
export function matchingSubTopics(spec: CourseSpecification | undefined, typed: string): SpecificationPoint[] {
  const wanted = wordsOf(typed);
  if (!spec?.board || wanted.length === 0) return [];
  return spec.sections
    .flatMap((section) => section.points)
    .filter((point) => {
      if (point.questions === 0) return false;
      const title = wordsOf(point.title);
      return wanted.every((w) => title.some((t) => t === w || (w.length >= 5 && t.startsWith(w))));
    });
}

/**
 * The finer sub-topics beside a paper generator's topic field (issue 27): the points of the course board's
 * specification that the typed topic names, each a button that draws a paper on that point alone, and a link to the
 * Specification page to choose any points. Without a board, the link says to choose one first; nothing is shown for
 * a subject Markwell has no specification for.
 */
export function SubTopicChoices(props: {
  courseId: string;
  spec: CourseSpecification | undefined;
  /** The topic as typed (or as the topic check corrected its spelling). */
  typed: string;
  onChoose: (point: SpecificationPoint) => void;
  disabled?: boolean;
}) {
  const { spec } = props;
  if (!spec || spec.boards.length === 0) return null;
  const specificationLink = (
    <Link href={`/courses/${props.courseId}/specification`} className="underline">
      {spec.board ? 'choose specification points' : 'choose your exam board'}
    </Link>
  );
  if (!spec.board) {
    return (
      <p className="text-xs text-slate-600">
        Finer sub-topics: {specificationLink} on the Specification page, then practise its points one by one.
      </p>
    );
  }
  const board = spec.board;
  const found = matchingSubTopics(spec, props.typed);
  const shown = found.slice(0, MAX_OFFERED);
  return (
    <div className="grid gap-1.5">
      {shown.length > 0 ? (
        <div role="group" aria-label="Finer sub-topics" className="grid gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-2">
          <p className="text-xs text-slate-700">
            Only part of a topic? The {board.name} specification has{' '}
            {found.length === 1 ? 'this finer sub-topic' : `${found.length} finer sub-topics`} on &lsquo;{props.typed.trim()}&rsquo;:
          </p>
          {shown.map((point) => (
            <Button
              key={point.ref}
              type="button"
              size="sm"
              variant="outline"
              className="h-auto min-h-8 justify-start whitespace-normal py-1 text-left"
              disabled={props.disabled}
              onClick={() => props.onChoose(point)}
            >
              <span>
                Practise only <span className="font-mono">{point.ref}</span> {point.title}{' '}
                <span className="text-slate-600">
                  ({point.questions} {point.questions === 1 ? 'question' : 'questions'})
                </span>
              </span>
            </Button>
          ))}
        </div>
      ) : null}
      <p className="text-xs text-slate-600">
        {found.length > MAX_OFFERED ? `${found.length - MAX_OFFERED} more, and every other sub-topic: ` : 'Finer sub-topics: '}
        {specificationLink}.
      </p>
    </div>
  );
}
