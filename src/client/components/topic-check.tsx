import { useState } from 'react';
import type { GeneratePaperResponse } from '../../shared/practice';
import type { TopicMatch } from '../../shared/topics';
import { fetchTopicMatch } from '../lib/api/topic-match';
import { Button } from './ui/button';

/** What a generator does with a typed topic once checked: generate on this topic now, or wait for the student. */
export type TopicDecision = { go: true; topic: string } | { go: false };

/**
 * Checks a typed topic before generating (issue 27). A topic as named (or from an engine that writes on any topic)
 * goes ahead under the name the paper will carry; a near one (misspelt, or part of a topic) and an unknown one are
 * held back and shown, for the student to confirm or change. A check that fails lets the server decide, as before.
 */
export function useTopicCheck() {
  const [match, setMatch] = useState<(TopicMatch & { typed: string }) | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async (subject: string, typed: string): Promise<TopicDecision> => {
    setMatch(null);
    setChecking(true);
    try {
      const found = await fetchTopicMatch(subject, typed);
      if (found.status === 'exact' || found.status === 'open') return { go: true, topic: found.topic ?? typed };
      setMatch({ ...found, typed });
      return { go: false };
    } catch {
      return { go: true, topic: typed };
    } finally {
      setChecking(false);
    }
  };

  return { match, checking, check, clear: () => setMatch(null) };
}

/** 'Did you mean Photosynthesis?' and the topic the paper will be on, or why the topic is refused. */
export function TopicCheckNotice(props: { match: TopicMatch & { typed: string }; onUse: (topic: string) => void; onEdit: () => void }) {
  const { match } = props;
  if (match.status === 'unknown') {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
        {match.message ?? `No questions on '${match.typed}' yet.`}
      </div>
    );
  }
  if (match.status !== 'near' || !match.topic) return null;
  const sameTopic = match.suggestion !== null && match.suggestion.toLowerCase() === match.topic.toLowerCase();
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {match.suggestion ? <p className="font-medium">Did you mean {match.suggestion}?</p> : null}
      {sameTopic ? null : (
        <p>
          The question bank has no separate paper on {match.suggestion ?? `'${match.typed}'`}: its questions are in{' '}
          <strong>{match.topic}</strong>, so the paper will be on {match.topic}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          className="h-auto min-h-8 whitespace-normal py-1 text-left"
          onClick={() => props.onUse(match.topic as string)}
        >
          Use {match.topic}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={props.onEdit}>
          Change topic
        </Button>
      </div>
    </div>
  );
}

/** The success toast's text: the topic the paper is actually on, and why it has fewer questions than asked, if it has. */
export function paperCreatedMessage(result: GeneratePaperResponse, typed: string): string {
  const topic = result.paper.topic?.trim() || typed;
  const made = `Created question paper for ${topic} with ${result.totalQuestions} questions`;
  return result.note ? `${made}. ${result.note}` : made;
}
