import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Bot, Send } from 'lucide-react';
import { RichHtml } from '../../../components/rich-html';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { cn } from '../../../lib/cn';
import { useSendTutorMessage, useTutorHistory } from '../api/tutor';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function TutorChat({
  questionId,
  open,
  onOpenChange,
  trigger,
}: {
  questionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
}) {
  const history = useTutorHistory(questionId, open);
  const [streamed, setStreamed] = useState('');
  const send = useSendTutorMessage(questionId, (text) => setStreamed((sofar) => sofar + text));
  const [input, setInput] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const messages = history.data ?? [];
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, pending, send.isPending, streamed]);

  const submit = () => {
    const message = input.trim();
    if (!message || send.isPending) return;
    setPending(message);
    setStreamed('');
    setError(null);
    setInput('');
    send.mutate(message, {
      onSuccess: () => {
        setPending(null);
        setStreamed('');
      },
      onError: (err) => {
        console.error('Tutor error', err);
        setPending(null);
        setStreamed('');
        setInput(message);
        setError("The tutor couldn't reply just now. Your message is still in the box — try sending it again.");
      },
      onSettled: () => window.setTimeout(() => inputRef.current?.focus(), 0),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Tutor"
      description="Work through the question step by step."
      trigger={trigger}
      phone="bottom"
    >
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="flex-1 space-y-3 overflow-y-auto pr-1" aria-live="polite" aria-label="Conversation">
          {history.isPending ? <p className="text-sm text-slate-500">Loading conversation...</p> : null}
          {messages.map((m, i) => (
            <div key={`${m.createdAt}-${i}`} data-role={m.role} className={cn('flex', m.role === 'user' ? 'justify-end' : 'justify-start')}>
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-4 py-2 text-sm',
                  m.role === 'user' ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-800',
                )}
              >
                <RichHtml
                  html={m.role === 'user' ? escapeHtml(m.content) : m.content}
                  className="[&_p]:my-1 [&_ol]:ml-4 [&_ol]:list-decimal [&_ul]:ml-4 [&_ul]:list-disc"
                />
              </div>
            </div>
          ))}
          {pending ? (
            <div data-role="user" className="flex justify-end">
              <div className="max-w-[85%] rounded-2xl bg-brand-600 px-4 py-2 text-sm text-white">{pending}</div>
            </div>
          ) : null}
          {send.isPending && streamed ? (
            // The reply as it is written (plain text); the whole reply replaces it when it is done.
            <div data-role="assistant" data-streaming className="flex justify-start" aria-hidden>
              <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-slate-100 px-4 py-2 text-sm text-slate-800">{streamed}</div>
            </div>
          ) : null}
          {send.isPending ? (
            <div
              className={cn('flex items-center gap-2 text-sm text-slate-500', streamed && 'sr-only')}
              role="status"
              aria-label="Tutor is typing"
            >
              <Bot aria-hidden className="size-4" />
              <span className="flex gap-1" aria-hidden>
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:120ms]" />
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:240ms]" />
              </span>
              typing
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <div ref={endRef} />
        </div>
        <div className="mt-3 flex items-end gap-2 border-t border-slate-200 pt-3">
          <label htmlFor="tutor-input" className="sr-only">
            Message the tutor
          </label>
          <textarea
            id="tutor-input"
            ref={inputRef}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={send.isPending}
            rows={2}
            maxLength={4000}
            placeholder="Ask for a hint or check a step… (Enter sends, Shift+Enter for a new line)"
            className="min-h-[2.75rem] flex-1 resize-none rounded-lg border border-slate-300 p-2 text-sm disabled:bg-slate-50"
          />
          <Button type="button" size="icon" aria-label="Send" onClick={submit} disabled={send.isPending || !input.trim()}>
            <Send aria-hidden />
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
