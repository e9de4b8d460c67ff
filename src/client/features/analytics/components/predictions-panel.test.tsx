// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PredictedSubject } from '../predictions';
import { PredictionsPanel } from './predictions-panel';

const physics: PredictedSubject = {
  status: 'predicted',
  subject: 'Physics',
  markedAnswers: 12,
  predictedScore: 68,
  low: 62,
  high: 74,
  grade: 'B',
  grades: 'A-B',
  confidenceLevel: 62,
  readinessScore: 61,
  recommendedStudyTime: 2.5,
  answersToTarget: 14,
  currentPerformance: 69,
  improvementNeeded: 7,
  weakTopics: ['Waves'],
  strongTopics: [],
  trend: 'falling',
  slope: -1.4,
  trendPoints: -3.5,
};

afterEach(cleanup);

describe('PredictionsPanel', () => {
  it('shows the prediction with its range, grades, the approximate boundaries and the spec figures', () => {
    render(<PredictionsPanel predictions={[physics]} />);
    const card = screen.getByRole('article', { name: 'Physics prediction' });
    expect(within(card).getByText('Predicted score').nextElementSibling?.textContent).toBe('68%');
    expect(within(card).getByText('62-74%, grade A-B')).toBeTruthy();
    expect(within(card).getByText('Falling (-3.5 points on the prediction)')).toBeTruthy();
    expect(within(card).getByText('Confidence').nextElementSibling?.textContent).toBe('62% (Medium)');
    expect(within(card).getByText('To reach 75%').nextElementSibling?.textContent).toBe('+7 points');
    expect(within(card).getByText('Almost Ready')).toBeTruthy();
    expect(screen.getByText(/approximate boundaries \(A\* 80%, A 70%, B 60%, C 50%, D 40%, E 30%\)/)).toBeTruthy();
  });

  it('says "No predictions available yet." with no subjects', () => {
    render(<PredictionsPanel predictions={[]} />);
    expect(screen.getByText('No predictions available yet.')).toBeTruthy();
  });
});
