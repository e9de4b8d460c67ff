// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TopicCombobox, matchingTopics } from './topic-combobox';

const TOPICS = ['Atomic structure', 'Bonding', 'Energetics', 'Kinetics', 'Organic chemistry'];

function Harness() {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="t">Topic</label>
      <TopicCombobox id="t" value={value} onChange={setValue} topics={TOPICS} />
    </form>
  );
}

afterEach(cleanup);

const input = () => screen.getByRole('combobox', { name: 'Topic' }) as HTMLInputElement;

describe('TopicCombobox', () => {
  it('filters the suggestions by what is typed, those starting with it first', () => {
    expect(matchingTopics(TOPICS, 'en')).toEqual(['Energetics']);
    expect(matchingTopics(TOPICS, 'ic')).toEqual(['Atomic structure', 'Energetics', 'Kinetics', 'Organic chemistry']);
    expect(matchingTopics(TOPICS, '  ')).toEqual(TOPICS);
  });

  it('is keyboard accessible: arrows move through the list, Enter takes a topic, Escape closes it', () => {
    render(<Harness />);
    const box = input();
    fireEvent.focus(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(box, { target: { value: 'ic' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Atomic structure',
      'Energetics',
      'Kinetics',
      'Organic chemistry',
    ]);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('Energetics');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' }); // wraps to the last
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Organic chemistry');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Organic chemistry');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps free text that matches no suggestion, and takes a clicked one', () => {
    render(<Harness />);
    const box = input();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Quantum tunnelling' } });
    expect(box.value).toBe('Quantum tunnelling');
    expect(box.getAttribute('aria-expanded')).toBe('false'); // nothing to suggest
    fireEvent.change(box, { target: { value: 'bond' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Bonding' }));
    expect(box.value).toBe('Bonding');
  });
});
