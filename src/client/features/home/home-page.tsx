import { useState } from 'react';
import { Link } from 'wouter';
import { BarChart3, FileText, ScanLine, TrendingUp } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AssignedPapers } from './components/assigned-papers';
import { CourseList } from './components/course-list';
import { GenerateCourseCard } from './components/generate-course-card';
import { PracticePaperDialog } from './components/practice-paper-dialog';

const QUICK_ACTIONS = [
  { href: '/progress', icon: BarChart3, title: 'Progress Tracker', text: 'See your activity, mastery and predictions.' },
  {
    href: '/pdf-documents',
    icon: FileText,
    title: 'Upload & Analyze PDFs',
    text: 'Ask questions about your notes and make papers from them.',
  },
  { href: '/teacher-grading', icon: ScanLine, title: 'Teacher Grading', text: 'Grade a photographed handwritten answer.' },
];

export function HomePage({ firstName }: { firstName: string | null }) {
  const [tab, setTab] = useState('courses');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <section className="brand-panel mb-8 flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Welcome{firstName ? `, ${firstName}` : ''}!</h1>
          <p className="mt-2 max-w-2xl text-brand-100">
            Pick a course, answer exam questions, and get each answer marked against the mark scheme point by point.
          </p>
        </div>
        <Button asChild variant="outline" className="border-white/40 bg-white/10 text-white hover:bg-white/20">
          <Link href="/progress">
            <TrendingUp aria-hidden /> View Your Progress
          </Link>
        </Button>
      </section>

      <AssignedPapers />

      <section aria-label="Quick actions" className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {/* The cards' titles are h3s: this keeps the heading levels in order for screen readers. */}
        <h2 className="sr-only">Quick actions</h2>
        {QUICK_ACTIONS.map(({ href, icon: Icon, title, text }) => (
          <Link key={href} href={href} className="group">
            <Card className="h-full transition-shadow group-hover:shadow-md">
              <CardHeader>
                <Icon aria-hidden className="size-6 text-brand-600" />
                <CardTitle className="text-base">{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
        <PracticePaperDialog />
      </section>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="courses">Courses</TabsTrigger>
          <TabsTrigger value="new">New Course</TabsTrigger>
        </TabsList>
        <TabsContent value="courses">
          <CourseList onNewCourse={() => setTab('new')} />
        </TabsContent>
        <TabsContent value="new">
          <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
            <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              <h2 className="text-lg font-semibold text-slate-900">Start a course in another subject</h2>
              <p className="mt-2">
                A course is generated for the subject you name, and an initial question paper is created automatically, so you can start
                answering straight away. Add more papers by topic and difficulty from the course page.
              </p>
              <p className="mt-2 text-sm text-slate-500">
                Offline, Markwell writes papers from its own question bank (Biology, Chemistry, Economics, Mathematics, Physics and
                Psychology); with an AI provider configured, any subject works.
              </p>
            </div>
            <GenerateCourseCard />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}
