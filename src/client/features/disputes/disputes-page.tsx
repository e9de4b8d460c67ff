import { useEffect } from 'react';
import { Flag } from 'lucide-react';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { serverMessageOf } from '../../lib/api-request';
import { useDisputes } from './api/disputes';
import { DisputeCard } from './components/dispute-card';

/** /disputes: every "I disagree" the student has made, its question, point, reason and outcome. */
export function DisputesPage() {
  const disputes = useDisputes();
  useEffect(() => {
    document.title = 'Disputes - Markwell';
  }, []);

  let body;
  if (disputes.isPending) body = <LoadingBlock text="Loading your disputes..." />;
  else if (disputes.isError)
    body = (
      <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-rose-900">
        <p>Your disputes could not be loaded: {serverMessageOf(disputes.error, 'please try again later')}.</p>
        <Button className="mt-3" variant="outline" size="sm" onClick={() => void disputes.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!disputes.data?.length)
    body = (
      <EmptyState icon={Flag} title="No disputes yet">
        When you think a point of your feedback was marked wrongly, press &lsquo;I disagree&rsquo; under it. The dispute and its outcome are
        shown here.
      </EmptyState>
    );
  else {
    const open = disputes.data.filter((d) => d.status === 'open').length;
    body = (
      <>
        <p className="mb-4 text-sm text-slate-600">
          {disputes.data.length} {disputes.data.length === 1 ? 'dispute' : 'disputes'}, {open} open
        </p>
        <ul className="grid gap-4">
          {disputes.data.map((d) => (
            <li key={d.id}>
              <DisputeCard dispute={d} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title="Disputes"
        description="Points of your feedback you disagreed with, and what was decided. An accepted dispute teaches the marker your wording."
      />
      {body}
    </div>
  );
}
