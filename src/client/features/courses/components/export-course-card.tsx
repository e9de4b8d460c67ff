import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

const FORMATS = [
  ['gift', 'GIFT'],
  ['xml', 'Moodle XML'],
  ['json', 'JSON'],
] as const;

/** Every question of the course, paper by paper, as one file: GIFT or Moodle XML (a category per topic) or Markwell JSON. */
export function ExportCourseCard(props: { courseId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export this course</CardTitle>
        <CardDescription>
          Every question of every paper in one file, with its mark scheme: for Moodle (GIFT or Moodle XML, a category for each topic) or
          another Markwell (JSON).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm" role="group" aria-label="Export the whole course">
          Download:{' '}
          {FORMATS.map(([format, label], i) => (
            <span key={format}>
              {i > 0 ? ' · ' : null}
              <a className="underline" href={`/api/courses/${encodeURIComponent(props.courseId)}/export?format=${format}`} download>
                {label}
              </a>
            </span>
          ))}
        </p>
      </CardContent>
    </Card>
  );
}
