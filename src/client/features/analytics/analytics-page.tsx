import { ComingSoon } from '../../components/page-header';

export function AnalyticsPage() {
  return <ComingSoon title="Analytics" description="Questions available, answers submitted, today's progress and performance by subject and course." />;
}
