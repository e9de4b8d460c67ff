import { useId, useState, type FormEvent } from 'react';
import { DifficultyField, type DifficultyChoice } from './difficulty-field';
import { type GeneratePaperResponse } from '../../shared/practice';
import { DEFAULT_DIFFICULTY, QUESTION_COUNT, subjectOrDefault } from '../../shared/practice-text';
import { useCourseSpecification } from '../lib/api/course-specification';
import { useCourseTopics } from '../lib/api/course-topics';
import { useGeneratePaper } from '../lib/api/generate-paper';
import { TopicCheckNotice, useTopicCheck } from './topic-check';
import { TopicCombobox } from './topic-combobox';
import { SubTopicChoices } from './sub-topics';
import { Button } from './ui/button';
import { Label } from './ui/label';
import { QuestionCountField } from './question-count-field';

/**
 * Topic, number of questions (5–20) and difficulty (easy, medium or hard: one set everywhere, issue 27); used by the
 * course page and the papers list. The topic is checked first: a misspelt or near one is suggested, an unknown one
 * refused, before anything is generated. Beside the topic, the finer sub-topics it names (the course board's
 * specification points) can be chosen instead, each drawing a paper on that point alone.
 */
export function PaperGeneratorForm(props: {
  courseId: string;
  subject: string;
  /** `topic` is the topic the paper is on (which may differ from the one typed). */
  onGenerated: (result: GeneratePaperResponse, topic: string) => void;
  onError: (error: unknown) => void;
  /**
   * Called instead of generating when the topic is blank (the course page's toast). Without it the button
   * stays disabled until a topic is typed (the papers list), as §5 has it.
   */
  onTopicMissing?: () => void;
}) {
  const id = useId();
  const [topic, setTopic] = useState('');
  const [count, setCount] = useState<number>(QUESTION_COUNT.default);
  const [difficulty, setDifficulty] = useState<DifficultyChoice>(DEFAULT_DIFFICULTY);
  const generate = useGeneratePaper();
  const topics = useCourseTopics(props.courseId);
  const specification = useCourseSpecification(props.courseId);
  const subject = subjectOrDefault(props.subject);
  const topicCheck = useTopicCheck();
  const busy = generate.isPending || topicCheck.checking;

  const generateOn = (chosenTopic: string) => {
    topicCheck.clear();
    generate.mutate(
      { courseId: props.courseId, subject, topic: chosenTopic, difficultyLevel: difficulty, questionCount: count },
      {
        onSuccess: (result) => {
          reset();
          props.onGenerated(result, result.paper.topic?.trim() || chosenTopic);
        },
        onError: props.onError,
      },
    );
  };

  const reset = () => {
    setTopic('');
    setCount(QUESTION_COUNT.default);
    setDifficulty(DEFAULT_DIFFICULTY);
  };

  /** A paper on one specification point alone (a finer sub-topic), in the course board's numbering. */
  const generateOnPoint = (ref: string) => {
    if (busy) return;
    topicCheck.clear();
    generate.mutate(
      { courseId: props.courseId, specPoints: [ref], difficultyLevel: difficulty, questionCount: count },
      {
        onSuccess: (result) => {
          reset();
          props.onGenerated(result, result.paper.topic?.trim() || ref);
        },
        onError: props.onError,
      },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!topic.trim()) {
      props.onTopicMissing?.();
      return;
    }
    const decision = await topicCheck.check(subject, topic.trim());
    if (decision.go) generateOn(decision.topic);
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-busy={busy}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-topic`}>Topic</Label>
        <TopicCombobox
          id={`${id}-topic`}
          value={topic}
          onChange={(value) => {
            setTopic(value);
            topicCheck.clear();
          }}
          topics={topics.data?.topics ?? []}
          placeholder={`e.g. a ${subject.toLowerCase()} topic`}
          maxLength={120}
          disabled={busy}
        />
        <SubTopicChoices
          courseId={props.courseId}
          spec={specification.data}
          typed={topicCheck.match?.suggestion ?? topic}
          onChoose={(point) => generateOnPoint(point.ref)}
          disabled={busy}
        />
      </div>
      {topicCheck.match ? (
        <TopicCheckNotice
          match={topicCheck.match}
          onUse={(chosen) => {
            setTopic(chosen);
            generateOn(chosen);
          }}
          onEdit={() => {
            topicCheck.clear();
            document.getElementById(`${id}-topic`)?.focus();
          }}
        />
      ) : null}
      <QuestionCountField id={`${id}-count`} value={count} onChange={setCount} disabled={generate.isPending} />
      <DifficultyField id={`${id}-difficulty`} value={difficulty} onChange={setDifficulty} disabled={generate.isPending} />
      <Button type="submit" disabled={busy || (!topic.trim() && !props.onTopicMissing)}>
        {busy ? 'Generating...' : 'Generate Question Paper'}
      </Button>
    </form>
  );
}
