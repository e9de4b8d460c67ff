import type { Feedback, PointEvaluation } from '../../../shared/mark-scheme';

/** What GET /api/questions/{id}/markscheme says of a point, read defensively (older servers send id, text, marks). */
export interface SchemePointInfo {
  id: string;
  marks?: number;
  kind?: string;
  group?: string;
  /** An M point's earlier M point: a dependent method mark, labelled dM1. */
  depends_on?: string;
}

export interface PointMarks {
  awarded: number;
  max: number;
  /** Examiner's label: kind and marks, e.g. 'M1', 'A1', 'B2'; null when the kind is unknown. */
  label: string | null;
  note: string | null;
}

const KIND = /^[MAB]$/;

/**
 * The marks of one point as the panel shows them: the marker's own figures when it sent them (caps, method
 * dependencies and ECF applied), otherwise the older rule, the point's marks when covered and none when not.
 */
export function pointMarks(point: PointEvaluation, scheme: SchemePointInfo | undefined): PointMarks {
  const max = point.marks ?? scheme?.marks ?? 1;
  const awarded = point.marks_awarded ?? (point.status === 'COVERED' ? max : 0);
  const kind = point.kind ?? (scheme?.kind && KIND.test(scheme.kind) ? scheme.kind : undefined);
  return {
    awarded,
    max,
    label: kind ? `${kind === 'M' && scheme?.depends_on ? 'd' : ''}${kind}${max}` : null,
    note: point.note?.trim() || null,
  };
}

export interface GroupCap {
  points: string[];
  max: number;
  counted: number;
}

const MAX_NOTE = /\bmax(?:imum)?\s+(\d+)\b/i;

/**
 * "Max N marks from these points" lines: points of one group (by the scheme's group, or failing that by the
 * same "max N" in the marker's notes), with the cap read from the marker's note.
 */
export function groupCaps(points: PointEvaluation[], scheme: SchemePointInfo[] | undefined): GroupCap[] {
  const groups = new Map<string, { points: PointEvaluation[]; max: number | null }>();
  for (const point of points) {
    const capInNote = point.note ? MAX_NOTE.exec(point.note) : null;
    const key = scheme?.find((s) => s.id === point.point_id)?.group ?? (capInNote ? `max:${capInNote[1]}` : null);
    if (!key) continue;
    const group = groups.get(key) ?? { points: [], max: null };
    group.points.push(point);
    if (capInNote) group.max = Number(capInNote[1]);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((g): g is { points: PointEvaluation[]; max: number } => g.max !== null)
    .map((g) => ({
      points: g.points.map((p) => p.point_id),
      max: g.max,
      counted: Math.min(
        g.max,
        g.points.reduce(
          (n, p) =>
            n +
            pointMarks(
              p,
              scheme?.find((s) => s.id === p.point_id),
            ).awarded,
          0,
        ),
      ),
    }));
}

export const marksWord = (n: number) => (n === 1 ? 'mark' : 'marks');

/** 'Level 2 (3-4 marks)' or, for level 0, 'No level reached (0 marks)'. */
export function levelHeading(level: NonNullable<Feedback['level']>): string {
  if (level.level === 0) return 'No level reached (0 marks)';
  const range = level.min_marks === level.max_marks ? `${level.max_marks}` : `${level.min_marks}-${level.max_marks}`;
  return `Level ${level.level} (${range} ${marksWord(level.max_marks)})`;
}
