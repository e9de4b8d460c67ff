// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseSpecification } from '../../shared/specification';
import { matchingSubTopics, SubTopicChoices } from './sub-topics';

type SpecFile = { sections: { ref: string; title: string; points: { ref: string; title: string }[] }[] };

/** The AQA Biology specification as GET /api/courses/{id}/specification serves it, every point with 12 questions but 3.1.8. */
function aqaBiology(): CourseSpecification {
  const file = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../content/specifications/biology/aqa.json'), 'utf8'),
  ) as SpecFile;
  const board = { id: 'aqa' as const, name: 'AQA', code: '7402', title: 'A-level Biology' };
  return {
    subject: 'Biology',
    board,
    courseBoard: 'aqa',
    canChooseBoard: true,
    boards: [board],
    sections: file.sections.map((s) => ({
      ref: s.ref,
      title: s.title,
      points: s.points.map((p) => ({
        ref: p.ref,
        title: p.title,
        questions: p.ref === '3.1.8' ? 0 : 12,
        marked: 0,
        marksAwarded: 0,
        totalMarks: 0,
        mastery: null,
      })),
    })),
  };
}

const refs = (typed: string, spec = aqaBiology()) => matchingSubTopics(spec, typed).map((p) => p.ref);

afterEach(cleanup);

describe('matchingSubTopics', () => {
  it('finds the points whose titles name the typed topic, singular or plural, in the specification’s order', () => {
    expect(refs('enzymes')).toEqual(['3.1.4']);
    expect(refs('Enzyme')).toEqual(['3.1.4']);
    expect(refs('photosynthesis')).toEqual(['3.5.1']);
    expect(refs('DNA')).toEqual(['3.1.5', '3.4.1', '3.8.4']);
    expect(refs('natural selection')).toEqual(['3.4.4']);
  });

  it('takes a word begun with five letters or more, and needs every word typed', () => {
    expect(refs('photosynth')).toEqual(['3.5.1']);
    expect(refs('enzy')).toEqual([]);
    expect(refs('enzymes and photosynthesis')).toEqual([]);
  });

  it('offers nothing for a topic no title names, for filler words, for a point without questions or without a board', () => {
    expect(refs('quantum tunnelling')).toEqual([]);
    expect(refs('the and of')).toEqual([]);
    expect(refs('ions')).toEqual([]); // 3.1.8 'Ions in biology' has no questions
    expect(refs('enzymes', { ...aqaBiology(), board: null, sections: [] })).toEqual([]);
    expect(matchingSubTopics(undefined, 'enzymes')).toEqual([]);
  });
});

describe('SubTopicChoices', () => {
  it('offers each matching point as a paper of its own, and links to the Specification page for the rest', () => {
    const onChoose = vi.fn();
    render(<SubTopicChoices courseId="c1" spec={aqaBiology()} typed="enzymes" onChoose={onChoose} />);
    expect(screen.getByRole('group', { name: 'Finer sub-topics' }).textContent).toContain(
      'The AQA specification has this finer sub-topic on ‘enzymes’',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Practise only 3.1.4 Protein structure and how enzymes work (12 questions)' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ ref: '3.1.4' }));
    expect(screen.getByRole('link', { name: 'choose specification points' }).getAttribute('href')).toBe('/courses/c1/specification');
  });

  it('shows at most four and says how many more there are', () => {
    const spec = aqaBiology();
    const extra = (ref: string, title: string) => ({ ref, title, questions: 3, marked: 0, marksAwarded: 0, totalMarks: 0, mastery: null });
    spec.sections.push({ ref: '9', title: 'More', points: [extra('9.1', 'Cell signalling'), extra('9.2', 'Cells in tissues')] });
    const many = matchingSubTopics(spec, 'cell').length;
    expect(many).toBe(6);
    render(<SubTopicChoices courseId="c1" spec={spec} typed="cell" onChoose={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(4);
    expect(screen.getByText(`${many - 4} more, and every other sub-topic:`, { exact: false })).toBeTruthy();
  });

  it('without an exam board, says to choose one first; for a subject without a specification, says nothing', () => {
    const noBoard = { ...aqaBiology(), board: null, courseBoard: null, sections: [] };
    const { unmount } = render(<SubTopicChoices courseId="c1" spec={noBoard} typed="enzymes" onChoose={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'choose your exam board' }).getAttribute('href')).toBe('/courses/c1/specification');
    unmount();
    const { container } = render(
      <SubTopicChoices courseId="c1" spec={{ ...noBoard, subject: 'History', boards: [] }} typed="Tudors" onChoose={() => {}} />,
    );
    expect(container.textContent).toBe('');
  });
});
