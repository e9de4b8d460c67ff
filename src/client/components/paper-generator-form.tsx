import { useId, useState, type FormEvent } from 'react';
import { type Difficulty, type GeneratePaperResponse } from '../../shared/practice';
import { DEFAULT_DIFFICULTY, QUESTION_COUNT, subjectOrDefault } from '../../shared/practice-text';
import { useCourseTopics } from '../lib/api/course-topics';
import { useGeneratePaper } from '../lib/api/generate-paper';
import { TopicCombobox } from './topic-combobox';
import { Button } from './ui/button';
import { Label } from './ui/label';
import { Select } from './ui/select';
import { QuestionCountField } from './question-count-field';

/** Topic, number of questions (5–20) and difficulty; used by the course page and the papers list. */
export function PaperGeneratorForm(props: {
  courseId: string;
  subject: string;
  difficulties: readonly Difficulty[];
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
  const [difficulty, setDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);
  const generate = useGeneratePaper();
  const topics = useCourseTopics(props.courseId);
  const subject = subjectOrDefault(props.subject);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!topic.trim()) {
      props.onTopicMissing?.();
      return;
    }
    const chosenTopic = topic.trim();
    generate.mutate(
      { courseId: props.courseId, subject, topic: chosenTopic, difficultyLevel: difficulty, questionCount: count },
      {
        onSuccess: (result) => {
          setTopic('');
          setCount(QUESTION_COUNT.default);
          setDifficulty(DEFAULT_DIFFICULTY);
          props.onGenerated(result, chosenTopic);
        },
        onError: props.onError,
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-busy={generate.isPending}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-topic`}>Topic</Label>
        <TopicCombobox
          id={`${id}-topic`}
          value={topic}
          onChange={setTopic}
          topics={topics.data?.topics ?? []}
          placeholder={`e.g. a ${subject.toLowerCase()} topic`}
          maxLength={120}
          disabled={generate.isPending}
        />
      </div>
      <QuestionCountField id={`${id}-count`} value={count} onChange={setCount} disabled={generate.isPending} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-difficulty`}>Difficulty</Label>
        <Select
          id={`${id}-difficulty`}
          value={difficulty}
          onChange={(e) => setDifficulty(e.target.value as Difficulty)}
          disabled={generate.isPending}
        >
          {props.difficulties.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={generate.isPending || (!topic.trim() && !props.onTopicMissing)}>
        {generate.isPending ? 'Generating...' : 'Generate Question Paper'}
      </Button>
    </form>
  );
}
