import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { ClassDetail } from '../../../shared/classes';
import { LoadingBlock } from '../../components/loading-block';
import { NotFoundCard } from '../../components/not-found-card';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { isApiError } from '../../lib/api-request';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useClassDetail } from './api/class-detail';
import { AssignPaperDialog } from './components/assign-paper-dialog';
import { AssignmentsList } from './components/assignments-list';
import { ClassSettings } from './components/class-settings';
import { JoinCodePanel } from './components/join-code-panel';
import { MarkbookSection } from './components/markbook-section';
import { MarkedSheets } from './components/marked-sheets';
import { StudentsList } from './components/students-list';
import { CLASS_TEXT } from './class-text';
import { CLASSES_TEXT } from '../../../shared/classes-text';

function BackLink() {
  return (
    <Link href="/classes" className="mb-4 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
      <ArrowLeft aria-hidden className="size-4" /> Back to Classes
    </Link>
  );
}

function TeacherView({ detail }: { detail: ClassDetail }) {
  const [tab, setTab] = useState('assignments');
  const students = detail.students ?? [];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="assignments">Assignments</TabsTrigger>
          <TabsTrigger value="markbook">Markbook</TabsTrigger>
          <TabsTrigger value="students">Students ({students.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="assignments">
          <div className="grid gap-4">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <h2 className="text-lg font-semibold text-slate-900">Assigned papers</h2>
              <AssignPaperDialog classId={detail.id} disabled={detail.archived} />
            </div>
            {detail.archived ? <p className="text-sm text-slate-600">{CLASSES_TEXT.archived}</p> : null}
            <AssignmentsList classId={detail.id} assignments={detail.assignments} role="teacher" studentCount={students.length} />
          </div>
        </TabsContent>
        <TabsContent value="markbook">
          <MarkbookSection classId={detail.id} assignments={detail.assignments} />
        </TabsContent>
        <TabsContent value="students">
          <div className="grid gap-4">
            <h2 className="text-lg font-semibold text-slate-900">Students</h2>
            <StudentsList classId={detail.id} students={students} />
          </div>
        </TabsContent>
      </Tabs>
      <aside className="grid content-start gap-6" aria-label="Class tools">
        {detail.joinCode && detail.joinLink ? (
          <JoinCodePanel classId={detail.id} joinCode={detail.joinCode} joinLink={detail.joinLink} />
        ) : null}
        <ClassSettings key={detail.name} detail={detail} />
      </aside>
    </div>
  );
}

function StudentView({ detail }: { detail: ClassDetail }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <section aria-labelledby="assigned-heading" className="grid gap-4">
        <h2 id="assigned-heading" className="text-lg font-semibold text-slate-900">
          Assigned papers
        </h2>
        <AssignmentsList classId={detail.id} assignments={detail.assignments} role="student" />
      </section>
      {detail.mySheets ? <MarkedSheets own students={[{ userId: 'me', name: 'You', sheets: detail.mySheets }]} /> : null}
    </div>
  );
}

/** /classes/{id}: the teacher's class tools and markbook, or a student's view of the class's papers. */
export function ClassPage() {
  const { classId } = useParams<{ classId: string }>();
  const detail = useClassDetail(classId);
  useDocumentTitle(detail.data?.name ?? 'Class');

  if (detail.isPending) return <LoadingBlock text="Loading the class..." />;
  if (detail.isError) {
    if (isApiError(detail.error) && detail.error.status === 404) {
      return (
        <NotFoundCard title={CLASSES_TEXT.notFound} detail={CLASS_TEXT.notFoundDetail} backHref="/classes" backLabel="Back to Classes" />
      );
    }
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">The class could not be loaded.</p>
        <Button className="mt-6" onClick={() => void detail.refetch()} disabled={detail.isFetching}>
          {detail.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  }
  const data = detail.data;
  const isTeacher = data.role === 'teacher';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <BackLink />
      <PageHeader
        title={data.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{data.subject}</span>
            <span aria-hidden>·</span>
            <span>
              {isTeacher ? `${data.studentCount} ${data.studentCount === 1 ? 'student' : 'students'}` : `Teacher: ${data.teacherName}`}
            </span>
            {data.archived ? <Badge>Archived</Badge> : null}
          </span>
        }
      />
      {data.notice ? (
        <p role="status" className="mb-6 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {data.notice}
        </p>
      ) : null}
      {isTeacher ? <TeacherView detail={data} /> : <StudentView detail={data} />}
    </div>
  );
}
