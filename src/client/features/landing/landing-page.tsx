import { Link } from 'wouter';
import { BarChart3, BookOpenCheck, FileText, GraduationCap, Layers, MessageCircleQuestion, Printer, ScanLine } from 'lucide-react';
import type { PublicStats } from '../../../shared/public-stats';
import { Button } from '../../components/ui/button';
import { browserLocales } from '../../lib/locale';
import { usePublicStats } from './api/public-stats';

const FEATURES = [
  {
    icon: Layers,
    title: 'Courses and papers on demand',
    text: 'Courses in Biology, Chemistry, Economics, Mathematics, Physics and Psychology offline, fresh papers by topic and difficulty, and papers from your own notes in any subject.',
  },
  {
    icon: BookOpenCheck,
    title: 'Marked point by point',
    text: 'Every answer is checked against the mark scheme: each point covered or missed, with the reason.',
  },
  {
    icon: MessageCircleQuestion,
    title: 'A tutor that asks, not tells',
    text: 'Stuck? The tutor starts from what you missed and guides you one step at a time.',
  },
  {
    icon: BarChart3,
    title: 'Progress you can trust',
    text: 'A year of activity, mastery by subject, predicted grades and where your time really goes.',
  },
  {
    icon: FileText,
    title: 'Your own PDFs',
    text: 'Upload revision notes, ask questions with page references, and turn them into a paper.',
  },
  { icon: Printer, title: 'Printable practice papers', text: 'Make a paper to print, with answer keys and mark schemes for teachers.' },
  {
    icon: ScanLine,
    title: 'Handwritten answers graded',
    text: 'Teachers photograph an answer sheet and get marks with a breakdown by section.',
  },
  {
    icon: GraduationCap,
    title: 'Every core subject',
    text: 'Biology, Chemistry, Economics, Mathematics, Physics and Psychology built in; more with an AI provider.',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'Seeing exactly which marking points I missed changed how I write long answers. My six-markers finally read like the mark scheme.',
    name: 'Priya',
    detail: 'Year 13 student, Biology and Chemistry',
  },
  {
    quote:
      'The tutor never just hands me the answer. It asks the next question until I get there, which is what I need before a mechanics paper.',
    name: 'Tom',
    detail: 'Year 12 student, Mathematics and Physics',
  },
];

/**
 * A count grouped as the browser's locale groups it. With formatShare below, the one place numbers are not
 * formatted by lib/format.ts: with format.ts in the landing page's file, the bundler regroups the login page's
 * files and /auth grows from 93.7 to 101.6 KB of gzipped JavaScript, over its 100 KB budget (docs/benchmarks.md,
 * 2026-11-28).
 */
function formatCount(n: number): string {
  return new Intl.NumberFormat(browserLocales()).format(n);
}

/** A whole percentage as the browser's locale writes one (as lib/format.ts's formatPercentAsGiven). */
function formatShare(percent: number): string {
  return new Intl.NumberFormat(browserLocales(), { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

function Stats({ stats }: { stats: PublicStats | undefined }) {
  const items = [
    { label: 'students practising', value: stats ? formatCount(stats.students) : '–' },
    { label: 'exam questions ready', value: stats ? formatCount(stats.questions) : '–' },
    { label: 'hours of study logged', value: stats ? formatCount(stats.studyHours) : '–' },
    { label: 'of marked answers pass (over 60%)', value: stats?.passRate != null ? formatShare(stats.passRate) : '–' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-4" aria-label="Markwell in numbers">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl bg-white/10 p-4 text-center">
          <dt className="order-2 text-sm text-brand-100">{item.label}</dt>
          <dd className="text-3xl font-bold text-white">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LandingPage() {
  const stats = usePublicStats();
  return (
    <div>
      <section className="bg-gradient-to-b from-white to-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <p className="mb-4 inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-700">A-Level exam practice</p>
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Practise real exam questions. Get marked like the real thing.
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            Markwell marks every answer against the mark scheme, point by point, explains each decision, and helps you fix what you missed.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/auth">Start practising free</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/auth">Log in</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-500">Free to start. No credit card needed.</p>
        </div>
      </section>

      <section className="brand-panel">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <Stats stats={stats.data} />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-center text-3xl font-bold text-slate-900">Everything you need to revise well</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon aria-hidden className="size-6 text-brand-600" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-center text-3xl font-bold text-slate-900">What students say</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {TESTIMONIALS.map((t) => (
              <figure key={t.name} className="rounded-xl border border-slate-200 bg-slate-50 p-6">
                <blockquote className="text-slate-700">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold text-slate-900">{t.name}</span>
                  <span className="text-slate-500"> · {t.detail}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold text-slate-900">Start free today</h2>
        <p className="mt-3 text-slate-600">
          Free to start. No credit card needed. Bring your own AI provider, or use the built-in marker offline.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link href="/auth">Create your free account</Link>
        </Button>
      </section>
    </div>
  );
}
