import { useId, useRef, useState } from 'react';
import { ScanLine } from 'lucide-react';
import type { UploadScansRequest } from '../../../../shared/grading-jobs';
import { SCAN_MAX_IMAGES, SCAN_MAX_PAPER_PAGE, SCAN_TEXT } from '../../../../shared/grading-jobs-text';
import { Button } from '../../../components/ui/button';
import { serverMessageOf } from '../../../lib/api-request';
import { Select } from '../../../components/ui/select';
import { Input } from '../../../components/ui/input';
import { useClassDetail } from '../api/class-detail';
import { useAssignScanPage, useGradingJob, useUploadScans } from '../api/grading-jobs';

/** The base64 of a file (FileReader's data: URL without its prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.readAsDataURL(file);
  });
}

/** What the chosen files make: one PDF, or photos of the pages; or why they cannot be sent. */
export async function scansBody(files: File[]): Promise<UploadScansRequest> {
  const pdfs = files.filter((f) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name));
  if (pdfs.length > 0) {
    if (files.length > 1) throw new Error(SCAN_TEXT.bothUploaded);
    return { fileName: pdfs[0].name, pdfData: await readBase64(pdfs[0]) };
  }
  if (files.length > SCAN_MAX_IMAGES) throw new Error(SCAN_TEXT.tooManyImages(SCAN_MAX_IMAGES));
  return { images: await Promise.all(files.map(readBase64)) };
}

/**
 * "Upload scans" beside "Print class set" (issue 26): the teacher picks the scanned PDF or photos of the pages; the
 * upload is answered at once and a progress bar follows the background job; the pages not matched are listed at the end.
 */
export function UploadScans({ classId, assignmentId, paperTitle }: { classId: string; assignmentId: string; paperTitle: string }) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const upload = useUploadScans(classId, assignmentId);
  const job = useGradingJob(jobId);
  const busy =
    reading || upload.isPending || job.data?.state === 'queued' || job.data?.state === 'running' || (jobId !== null && !job.data);

  async function send(files: File[]) {
    if (files.length === 0) return;
    setError(null);
    setJobId(null);
    setReading(true);
    try {
      const body = await scansBody(files);
      setReading(false);
      const { jobId: id } = await upload.mutateAsync(body);
      setJobId(id);
    } catch (e) {
      setError(serverMessageOf(e, e instanceof Error && !('status' in e) ? e.message : SCAN_TEXT.uploadFailed));
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  }

  const data = job.data;
  const done = data ? data.read : 0;
  const percent = data && data.pages > 0 ? Math.round((100 * (data.state === 'done' ? data.pages : done)) / data.pages) : 0;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf,image/jpeg,image/png"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={`scan-input-${assignmentId}`}
        onChange={(e) => void send(Array.from(e.target.files ?? []))}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`${SCAN_TEXT.upload}: ${paperTitle}`}
        aria-describedby={jobId || error ? statusId : undefined}
        title={SCAN_TEXT.uploadHint}
        onClick={() => input.current?.click()}
      >
        <ScanLine aria-hidden /> {reading || upload.isPending ? 'Uploading…' : SCAN_TEXT.upload}
      </Button>
      {error || jobId ? (
        <div id={statusId} className="basis-full rounded-md border border-slate-200 p-3 text-sm" aria-live="polite">
          {error ? (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          ) : job.isError ? (
            <p role="alert" className="text-red-700">
              {serverMessageOf(job.error, SCAN_TEXT.failed)}
            </p>
          ) : !data ? (
            <p>{SCAN_TEXT.queued}</p>
          ) : (
            <ScanProgress job={data} jobId={jobId!} classId={classId} percent={percent} label={`Grading scans: ${paperTitle}`} />
          )}
        </div>
      ) : null}
    </>
  );
}

function ScanProgress({
  job,
  jobId,
  classId,
  percent,
  label,
}: {
  job: NonNullable<ReturnType<typeof useGradingJob>['data']>;
  jobId: string;
  classId: string;
  percent: number;
  label: string;
}) {
  return (
    <div className="grid gap-2">
      {job.state === 'failed' ? (
        <p role="alert" className="text-red-700">
          {job.message ?? SCAN_TEXT.failed}
        </p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded bg-slate-200"
          >
            <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p>
            {job.state === 'queued'
              ? SCAN_TEXT.queued
              : job.state === 'running'
                ? SCAN_TEXT.running(job.read, job.pages)
                : SCAN_TEXT.done(job.matched, job.pages, job.marked)}
          </p>
        </>
      )}
      {job.state === 'done' ? (
        job.unmatched.length === 0 ? (
          <p>{SCAN_TEXT.allMatched}</p>
        ) : (
          <div>
            <h4 className="font-medium">{SCAN_TEXT.unmatchedHeading}</h4>
            <ul className="list-disc pl-5">
              {job.unmatched.map((u) => (
                <li key={u.page}>
                  <span>
                    Page {u.page}: {u.reason}
                  </span>
                  {u.transcript ? (
                    <>
                      <blockquote className="my-1 line-clamp-3 whitespace-pre-line border-l-2 border-slate-300 pl-2 text-slate-600">
                        {u.transcript}
                      </blockquote>
                      <AssignPageForm jobId={jobId} classId={classId} page={u.page} />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        )
      ) : null}
      {job.state === 'done' && job.students.some((s) => s.note) ? (
        <ul className="list-disc pl-5">
          {job.students
            .filter((s) => s.note)
            .map((s) => (
              <li key={s.studentId}>
                {s.name}: {s.note}
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}

/** An unmatched page's student picker, page of their copy and "Assign": the page is marked as the matched ones were. */
function AssignPageForm({ jobId, classId, page }: { jobId: string; classId: string; page: number }) {
  const id = useId();
  const students = useClassDetail(classId).data?.students ?? [];
  const assign = useAssignScanPage(jobId);
  const [studentId, setStudentId] = useState('');
  const [paperPage, setPaperPage] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const name = (s: (typeof students)[number]) => [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email;
  return (
    <form
      className="mt-1 flex flex-wrap items-end gap-2"
      aria-label={`Assign scanned page ${page}`}
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (!studentId) {
          setError(SCAN_TEXT.studentRequired);
          return;
        }
        assign.mutate(
          { page, studentId, paperPage: Number(paperPage) },
          { onError: (err) => setError(serverMessageOf(err, SCAN_TEXT.uploadFailed)) },
        );
      }}
    >
      <label className="grid gap-1 text-xs" htmlFor={`${id}-student`}>
        {SCAN_TEXT.assignStudent}
        <Select id={`${id}-student`} className="h-9 w-48 normal-case" value={studentId} onChange={(e) => setStudentId(e.target.value)}>
          <option value="">Choose…</option>
          {students.map((s) => (
            <option key={s.userId} value={s.userId}>
              {name(s)}
            </option>
          ))}
        </Select>
      </label>
      <label className="grid gap-1 text-xs" htmlFor={`${id}-page`}>
        {SCAN_TEXT.assignPage}
        <Input
          id={`${id}-page`}
          className="h-9 w-20"
          type="number"
          inputMode="numeric"
          min={1}
          max={SCAN_MAX_PAPER_PAGE}
          value={paperPage}
          onChange={(e) => setPaperPage(e.target.value)}
        />
      </label>
      <Button type="submit" size="sm" disabled={assign.isPending} aria-label={`${SCAN_TEXT.assign} scanned page ${page}`}>
        {assign.isPending ? 'Assigning…' : SCAN_TEXT.assign}
      </Button>
      {error ? (
        <p role="alert" className="basis-full text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
