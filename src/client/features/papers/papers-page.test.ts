import { describe, expect, it } from 'vitest';
import type { Paper } from '../../../shared/practice';
import { groupPapersByTopic } from './papers-page';

const paper = (id: string, topic: string | null): Paper => ({
  id,
  courseId: 'c',
  title: id,
  description: null,
  topic,
  difficultyLevel: 'medium',
  totalQuestions: 5,
  createdAt: '2026-01-01T00:00:00Z',
  generatedBy: null,
});

describe('groupPapersByTopic', () => {
  it('groups by topic, sorts topics alphabetically and files a missing topic under General', () => {
    const groups = groupPapersByTopic([
      paper('1', 'Waves'),
      paper('2', null),
      paper('3', 'Electricity'),
      paper('4', 'Waves'),
      paper('5', '  '),
    ]);
    expect(groups.map(([topic, list]) => [topic, list.map((p) => p.id)])).toEqual([
      ['Electricity', ['3']],
      ['General', ['2', '5']],
      ['Waves', ['1', '4']],
    ]);
  });
});
