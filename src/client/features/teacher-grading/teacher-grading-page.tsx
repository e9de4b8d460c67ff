import { ComingSoon } from '../../components/page-header';

export function TeacherGradingPage() {
  return <ComingSoon title="Teacher Grading" description="Upload a photographed question and answer sheet and get marks with a breakdown by section." />;
}
