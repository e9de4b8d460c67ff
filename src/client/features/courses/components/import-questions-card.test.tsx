// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type QuestionImportResponse } from '../../../../shared/question-import';
import { IMPORT_MAX_CHARS, IMPORT_TEXT } from '../../../../shared/question-import-text';
import { createQueryClient } from '../../../lib/api-client';
import { ImportQuestionsCard } from './import-questions-card';

const GIFT = '::Prefix::Which prefix means one thousandth? {=milli ~micro ~kilo}\n\n::Essay::Explain a scalar. {}\n';

const PREVIEW: QuestionImportResponse = {
  paper: null,
  report: {
    imported: [
      {
        number: 1,
        title: 'Prefix',
        text: 'Which prefix means one thousandth?',
        type: 'multiple_choice',
        marks: 1,
        topic: 'Units',
      },
      { number: 3, title: 'Essay', text: 'Explain a scalar.', type: 'essay', marks: 1, topic: 'Units', needsScheme: true },
    ],
    changed: [{ number: 3, title: 'Essay', message: 'imported without a mark scheme: write one before it can be marked' }],
    skipped: [{ number: 2, title: 'Cloze', message: "Moodle's embedded answers (Cloze) questions cannot be imported" }],
    errors: [],
  },
};

let sent: { url: string; body: { fileName: string; content: string } }[];
/** The answer to the next preview call: the report, or an error status with the server's message. */
let previewReply: { status: number; body: unknown };

beforeEach(() => {
  sent = [];
  previewReply = { status: 200, body: PREVIEW };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/import/preview')) return Response.json(previewReply.body, { status: previewReply.status });
      return Response.json({ ...PREVIEW, paper: { id: 'p9', title: 'Imported: units' } }, { status: 201 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  const { hook } = memoryLocation({ path: '/courses/c1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook}>
        <ImportQuestionsCard courseId="c1" />
      </Router>
    </QueryClientProvider>,
  );
}

/** A chosen file (jsdom's File has no text(): the browser's is given here). */
const file = (content: string, name = 'units.gift') =>
  Object.assign(new File([content], name, { type: 'text/plain' }), { text: async () => content });
const choose = (f: File) => fireEvent.change(screen.getByLabelText('Question file'), { target: { files: [f] } });

describe('ImportQuestionsCard', () => {
  it('previews a dropped file: every question with its type and marks, what changed, what was skipped; then imports it', async () => {
    renderCard();
    const zone = screen.getByText('Drop a file here, or').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [file(GIFT)] } });
    const list = await screen.findByRole('list', { name: 'Questions to import' });
    expect(sent).toEqual([{ url: '/api/courses/c1/import/preview', body: { fileName: 'units.gift', content: GIFT } }]);
    const items = list.querySelectorAll('li');
    expect(items[0].textContent).toContain('Multiple choice, 1 mark · Units');
    expect(items[1].textContent).toContain('Essay, 1 mark · Units');
    expect(items[1].textContent).toContain('Needs a mark scheme');
    expect(items[1].textContent).toContain('Changed: imported without a mark scheme');
    expect(screen.getByRole('list', { name: 'Skipped questions' }).textContent).toBe(
      `Skipped question 2 "Cloze": Moodle's embedded answers (Cloze) questions cannot be imported`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 questions' }));
    expect((await screen.findByRole('status')).textContent).toBe('Imported 2 questions as Imported: units.');
    expect(sent.map((r) => r.url)).toEqual(['/api/courses/c1/import/preview', '/api/courses/c1/import']);
  });

  it('refuses an oversized file without sending it, and clears the last preview so it cannot be imported by mistake', async () => {
    renderCard();
    choose(file(GIFT));
    await screen.findByRole('button', { name: 'Import 2 questions' });
    choose(file('x'.repeat(IMPORT_MAX_CHARS + 1), 'huge.gift'));
    expect((await screen.findByRole('alert')).textContent).toBe(IMPORT_TEXT.tooLarge);
    expect(screen.queryByRole('list', { name: 'Questions to import' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('refuses an empty file, and shows the server’s message for a file it cannot read, with nothing to import', async () => {
    renderCard();
    choose(file('  \n'));
    expect((await screen.findByRole('alert')).textContent).toBe(IMPORT_TEXT.empty);
    const message = "not well-formed XML (line 3): Expected closing tag 'name' (opened in line 2, col 5)";
    previewReply = { status: 422, body: { message } };
    choose(file('<?xml version="1.0"?><quiz><question><name></question></quiz>', 'broken.xml'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(sent.map((r) => r.url)).toEqual(['/api/courses/c1/import/preview']);
  });
});
