import { ComingSoon } from '../../components/page-header';

export function ProgressPage() {
  return <ComingSoon title="Advanced Analytics" description="Your activity heatmap, topic and subject mastery, predictions and time analysis." />;
}
