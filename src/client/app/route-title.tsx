import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { documentTitle } from '../lib/use-document-title';

/** The page name in the tab's title for each route (a page may name itself more precisely). */
export function pageNameForPath(path: string, signedIn: boolean): string {
  const p = path.replace(/\/+$/, '') || '/';
  if (p === '/auth/reset') return 'Reset password';
  if (!signedIn) return p === '/auth' ? 'Log in' : 'A-Level exam practice';
  if (p === '/' || p === '/auth') return 'Home';
  if (/\/results$/.test(p)) return 'Results';
  if (/^\/courses\/[^/]+\/(papers\/[^/]+\/)?(questions\/[^/]+|exam)$/.test(p) || /^\/exam\/[^/]+$/.test(p)) return 'Exam';
  if (/^\/courses\/[^/]+\/papers$/.test(p)) return 'Question Papers';
  if (/^\/courses\/[^/]+\/papers\/[^/]+$/.test(p) || /^\/question-papers\/[^/]+$/.test(p)) return 'Question paper';
  if (/^\/courses\/[^/]+$/.test(p)) return 'Course';
  if (/^\/classes\/[^/]+$/.test(p)) return 'Class';
  if (/^\/join\/[^/]+$/.test(p)) return 'Join a class';
  const fixed: Record<string, string> = {
    '/progress': 'Progress Tracker',
    '/analytics': 'Advanced Analytics',
    '/pdf-documents': 'PDF Documents',
    '/teacher-grading': 'Teacher Grading',
    '/disputes': 'Disputes',
    '/review': 'Review',
    '/classes': 'Classes',
    '/account': 'Account',
  };
  return fixed[p] ?? 'Page Not Found';
}

/**
 * Sets document.title from the route ("Exam - Markwell"). Rendered before the routes, so a page that names
 * itself (a course by its title) sets its own title after this one.
 */
export function RouteTitle({ signedIn }: { signedIn: boolean }) {
  const [location] = useLocation();
  const title = documentTitle(pageNameForPath(location, signedIn));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
