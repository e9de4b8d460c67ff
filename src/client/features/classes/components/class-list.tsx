import { Link } from 'wouter';
import { Archive, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ClassSummary } from '../../../../shared/classes';

function studentsWord(count: number): string {
  return `${count} ${count === 1 ? 'student' : 'students'}`;
}

/** One list of classes (taught or joined) as cards, each a link to its class page. */
export function ClassList({ title, classes, empty }: { title: string; classes: ClassSummary[]; empty: string }) {
  const headingId = `classes-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {classes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {classes.map((c) => (
            <li key={c.id}>
              <Link
                href={`/classes/${c.id}`}
                className="group block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <Card className="h-full transition-shadow group-hover:shadow-md">
                  <CardHeader>
                    <div className="flex flex-wrap items-center gap-2">
                      <CardTitle className="text-base">{c.name}</CardTitle>
                      {c.archived ? (
                        <Badge>
                          <Archive aria-hidden className="mr-1 size-3" /> Archived
                        </Badge>
                      ) : null}
                    </div>
                    <CardDescription>
                      {c.subject}
                      {c.role === 'student' ? ` · ${c.teacherName}` : ''}
                    </CardDescription>
                    <p className="flex items-center gap-1 text-sm text-slate-600">
                      <Users aria-hidden className="size-4" /> {studentsWord(c.studentCount)}
                    </p>
                    {c.notice ? <p className="text-sm text-amber-800">{c.notice}</p> : null}
                  </CardHeader>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
