import { useState } from 'react';
import { Search } from 'lucide-react';
import { PAPER_CODE_HINT } from '../../../../shared/teacher-text';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useQuestionSearch } from '../api/search-questions';

/** How the answer is marked: the question found from the photo, a printed paper, a chosen question or a typed scheme. */
export type SchemeMode = 'photo' | 'paper' | 'question' | 'typed';

export interface SchemeChoice {
  mode: SchemeMode;
  paperCode: string;
  questionId: string;
  questionLabel: string;
  questionText: string;
  markScheme: string;
}

export const EMPTY_SCHEME: SchemeChoice = {
  mode: 'photo',
  paperCode: '',
  questionId: '',
  questionLabel: '',
  questionText: '',
  markScheme: '',
};

const textareaClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

function QuestionPicker({ value, onChange }: { value: SchemeChoice; onChange: (next: SchemeChoice) => void }) {
  const [query, setQuery] = useState('');
  const search = useQuestionSearch(query);
  return (
    <div className="grid gap-2">
      <Label htmlFor="question-search">Find a question by its words</Label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400" />
        <Input
          id="question-search"
          type="search"
          className="pl-9"
          placeholder="e.g. peptide bond, or a paper code"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {value.questionId ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          Chosen: <span className="font-medium">{value.questionLabel}</span>
        </p>
      ) : null}
      {search.isPending ? (
        <Spinner label="Searching..." />
      ) : search.isError ? (
        <p className="text-sm text-red-700">The questions could not be searched. Check your connection and try again.</p>
      ) : search.data.length === 0 ? (
        <p className="text-sm text-slate-500">
          {query.trim()
            ? 'No question matches those words. Try fewer words, or type the scheme instead.'
            : 'Type a few words of the question.'}
        </p>
      ) : (
        <ul className="grid max-h-64 gap-1 overflow-y-auto" aria-label="Questions to grade against">
          {search.data.map((choice) => (
            <li key={choice.id}>
              <button
                type="button"
                aria-pressed={value.questionId === choice.id}
                onClick={() =>
                  onChange({ ...value, questionId: choice.id, questionLabel: `${choice.source}: ${choice.text.slice(0, 80)}` })
                }
                className={cn(
                  'w-full rounded-lg border p-2 text-left text-sm hover:bg-slate-50',
                  value.questionId === choice.id ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200',
                )}
              >
                <span className="block break-words text-slate-900">{choice.text}</span>
                <span className="block text-xs text-slate-500">
                  {choice.source} · {choice.totalMarks} marks
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The four ways to choose what the answer is marked against. */
export function SchemeChooser({ value, onChange }: { value: SchemeChoice; onChange: (next: SchemeChoice) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">Mark against</legend>
      <Tabs value={value.mode} onValueChange={(mode) => onChange({ ...value, mode: mode as SchemeMode })}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
          <TabsTrigger value="photo">From the photo</TabsTrigger>
          <TabsTrigger value="paper">Printed paper</TabsTrigger>
          <TabsTrigger value="question">Pick a question</TabsTrigger>
          <TabsTrigger value="typed">Type the scheme</TabsTrigger>
        </TabsList>
        <TabsContent value="photo">
          <p className="text-sm text-slate-600">
            The question is read from the question paper photo and found among your printed papers and the question bank.
          </p>
        </TabsContent>
        <TabsContent value="paper" className="grid gap-2">
          <p className="text-sm text-slate-600">
            For a paper printed from Markwell, the answer photo alone is enough: its QR code says which paper it is, and each question is
            marked against its own scheme. If the code is not in the photo, type it.
          </p>
          <Label htmlFor="paper-code">Paper code (optional)</Label>
          <Input
            id="paper-code"
            placeholder="MW-7K3QXP"
            autoCapitalize="characters"
            value={value.paperCode}
            onChange={(e) => onChange({ ...value, paperCode: e.target.value })}
            aria-describedby="paper-code-hint"
            className="sm:max-w-48"
          />
          <p id="paper-code-hint" className="text-xs text-slate-500">
            {PAPER_CODE_HINT}
          </p>
        </TabsContent>
        <TabsContent value="question">
          <QuestionPicker value={value} onChange={onChange} />
        </TabsContent>
        <TabsContent value="typed" className="grid gap-2">
          <Label htmlFor="typed-question">Question</Label>
          <textarea
            id="typed-question"
            rows={3}
            className={textareaClass}
            value={value.questionText}
            onChange={(e) => onChange({ ...value, questionText: e.target.value })}
          />
          <Label htmlFor="typed-scheme">Mark scheme, one point a line</Label>
          <textarea
            id="typed-scheme"
            rows={6}
            className={cn(textareaClass, 'font-mono')}
            placeholder={
              'light is a limiting factor [1]\nmore ATP and NADPH from the light-dependent reaction [2]\nM1 uses rate = 1 / time\nA1 0.25 s^-1'
            }
            value={value.markScheme}
            onChange={(e) => onChange({ ...value, markScheme: e.target.value })}
            aria-describedby="typed-scheme-hint"
          />
          <p id="typed-scheme-hint" className="text-xs text-slate-500">
            Put “[2]” at the end of a point worth 2 marks. “M1”, “A1” or “B1” in front marks method, accuracy or independent marks; a line
            “accept: …” adds other wordings to the point above; “Level 2 (3-4 marks): …” adds a level of response.
          </p>
        </TabsContent>
      </Tabs>
    </fieldset>
  );
}
