import { Crosshair, Dumbbell } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Skill } from '../../../../shared/mark-scheme';
import { type WeakPointFinding } from '../../../../shared/weak-points';
import { MIN_OPPORTUNITIES } from '../../../../shared/weak-points-text';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { serverMessageOf } from '../../../lib/api-request';
import { usePractiseWeakPoints, useWeakPoints } from '../api/weak-points';
import { InlineEmpty } from './inline-empty';

const questionHref = (q: WeakPointFinding['questions'][number]) =>
  q.paperId ? `/courses/${q.courseId}/papers/${q.paperId}/questions/${q.questionId}` : `/courses/${q.courseId}/questions/${q.questionId}`;

/**
 * Mastery tab: the kinds of mark the student keeps missing across every marked answer ("You miss the units mark in
 * 60% of the chances you had (12 of 20)"), each with questions to try again and "Practise this"; "Practise my weak
 * points" draws a paper on a subject's weakest skills and topics and opens it.
 */
export function WeakPoints() {
  const weak = useWeakPoints();
  const practise = usePractiseWeakPoints();
  const [, navigate] = useLocation();
  const [working, setWorking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async (key: string, courseId: string, skill?: Skill) => {
    if (working) return;
    setWorking(key);
    setError(null);
    try {
      const result = await practise.mutateAsync({ courseId, skill });
      navigate(`/courses/${courseId}/papers/${result.paper.id}`);
    } catch (e) {
      setError(serverMessageOf(e, 'Please try again later'));
    } finally {
      setWorking(null);
    }
  };

  const findings = weak.data?.findings ?? [];
  const subjects = [...new Map(findings.map((f) => [f.subject, f.courseId])).entries()];

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Weak points</CardTitle>
        <CardDescription>
          The kinds of mark you miss most often, from every marked answer. A kind of mark is judged once it has had {MIN_OPPORTUNITIES}{' '}
          chances.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {weak.isPending ? (
          <p className="text-sm text-slate-600">Looking for your weak points...</p>
        ) : weak.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Your weak points could not be loaded. {serverMessageOf(weak.error, '')}
          </p>
        ) : findings.length === 0 ? (
          <InlineEmpty icon={Crosshair} title="No weak points found yet">
            Answer and mark more questions: each kind of mark (units, definitions, method marks...) needs {MIN_OPPORTUNITIES} chances before
            it counts.
          </InlineEmpty>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              {subjects.map(([subject, courseId]) => (
                <Button
                  key={subject}
                  onClick={() => start(`all:${subject}`, courseId)}
                  aria-disabled={working !== null}
                  aria-busy={working === `all:${subject}`}
                >
                  <Dumbbell aria-hidden />
                  {subjects.length > 1 ? `Practise my weak points in ${subject}` : 'Practise my weak points'}
                </Button>
              ))}
            </div>
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <span role="status" className="sr-only">
              {working ? 'Making a practice paper for your weak points...' : ''}
            </span>
            <ul className="grid gap-3" aria-label="Weak points">
              {findings.map((f) => (
                <li key={`${f.subject}:${f.skill}`} className="grid gap-2 rounded-lg border border-slate-200 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h4 className="font-semibold text-slate-900">{f.label}</h4>
                    <Badge>{f.subject}</Badge>
                  </div>
                  <p className="text-slate-800">{f.text}</p>
                  {f.topics.length > 0 ? <p className="text-sm text-slate-600">Missed most in: {f.topics.join(', ')}</p> : null}
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                    {f.questions.length > 0 ? (
                      <span className="flex flex-wrap gap-x-3 gap-y-1">
                        <span className="text-slate-600">Try again:</span>
                        {f.questions.map((q) => (
                          <Link key={q.questionId} href={questionHref(q)} className="text-brand-700 underline underline-offset-2">
                            {q.title}
                          </Link>
                        ))}
                      </span>
                    ) : null}
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => start(`${f.subject}:${f.skill}`, f.courseId, f.skill)}
                      aria-disabled={working !== null}
                      aria-busy={working === `${f.subject}:${f.skill}`}
                      aria-label={`Practise ${f.label.toLowerCase()} in ${f.subject}`}
                    >
                      Practise this
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
