import { describe, expect, it } from 'vitest';
import { documentTitle } from '../lib/use-document-title';
import { pageNameForPath } from './route-title';

describe('page titles', () => {
  it('names every signed-in route, "<Page> - Markwell"', () => {
    const cases: [string, string][] = [
      ['/', 'Home'],
      ['/auth', 'Home'],
      ['/courses/c1', 'Course'],
      ['/courses/c1/questions/q1', 'Exam'],
      ['/courses/c1/papers', 'Question Papers'],
      ['/courses/c1/papers/p1', 'Question paper'],
      ['/courses/c1/papers/p1/questions/q1', 'Exam'],
      ['/courses/c1/papers/p1/exam', 'Exam'],
      ['/courses/c1/papers/p1/results', 'Results'],
      ['/exam/c1', 'Exam'],
      ['/progress', 'Progress Tracker'],
      ['/analytics', 'Advanced Analytics'],
      ['/pdf-documents', 'PDF Documents'],
      ['/teacher-grading', 'Teacher Grading'],
      ['/review', 'Review'],
      ['/question-papers/p1', 'Question paper'],
      ['/question-papers/p1/results', 'Results'],
      ['/classes', 'Classes'],
      ['/classes/k1', 'Class'],
      ['/join/ABC2345', 'Join a class'],
      ['/no/such/page', 'Page Not Found'],
    ];
    for (const [path, name] of cases) expect(pageNameForPath(path, true), path).toBe(name);
    expect(documentTitle(pageNameForPath('/courses/c1/papers/p1/exam', true))).toBe('Exam - Markwell');
  });

  it('names the logged-out pages', () => {
    expect(documentTitle(pageNameForPath('/auth', false))).toBe('Log in - Markwell');
    expect(pageNameForPath('/anything', false)).toBe('A-Level exam practice');
    expect(documentTitle('')).toBe('Markwell');
  });
});
