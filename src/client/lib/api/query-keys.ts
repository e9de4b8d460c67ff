// The query keys of the app's cached reads, in one place with no dependencies: the hooks in this folder read with
// them, and the page table (app/pages.ts) starts the same reads while a page's code is still on its way.
// A key is the read's URL in parts (urlFromQueryKey).

export type QueryKey = readonly (string | undefined)[];

export const queryKeys = {
  /** GET /api/courses */
  courses: () => ['/api/courses'],
  /** GET /api/courses/{id} */
  course: (courseId: string | undefined) => ['/api/courses', courseId],
  /** GET /api/courses/{id}/specification */
  courseSpecification: (courseId: string | undefined) => ['/api/courses', courseId, 'specification'],
  /** GET /api/courses/{id}/questions */
  courseQuestions: (courseId: string | undefined) => ['/api/courses', courseId, 'questions'],
  /** GET /api/question-papers/{id} */
  paper: (paperId: string | undefined) => ['/api/question-papers', paperId],
  /** GET /api/question-papers/{id}/results */
  paperResults: (paperId: string | undefined) => ['/api/question-papers', paperId, 'results'],
  /** GET /api/question-papers/{id}/questions */
  paperQuestions: (paperId: string | undefined) => ['/api/question-papers', paperId, 'questions'],
  /** GET /api/questions/{id}/answer */
  answer: (questionId: string | undefined) => ['/api/questions', questionId, 'answer'],
  /** GET /api/user/answers */
  userAnswers: () => ['/api/user/answers'],
  /** GET /api/assignments */
  assignments: () => ['/api/assignments'],
} satisfies Record<string, (...ids: never[]) => QueryKey>;

/** A cached read's URL is its query key joined with slashes, repeated slashes collapsed. */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.join('/').replace(/\/{2,}/g, '/');
}
