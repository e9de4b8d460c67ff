import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { questions } from '../db/schema';
import type { Engine } from '../engine/engine';
import type { SubjectsResponse, TopicMatch } from '../../shared/topics';
import { findCourse } from './find-course';

/**
 * The topics a course's generators suggest: the engine's offline topics for its subject (none from an engine that
 * writes on any topic), then the topics of the course's own questions that are not among them (e.g. from a PDF).
 */
export async function courseTopics(db: Db, engine: Engine, ownerId: string, courseId: string) {
  const course = await findCourse(db, ownerId, courseId);
  const [offline, own] = await Promise.all([
    engine.listTopics?.(course.subject) ?? Promise.resolve([]),
    db
      .selectDistinct({ topic: questions.topic })
      .from(questions)
      .where(and(eq(questions.ownerId, ownerId), eq(questions.courseId, course.id), isNotNull(questions.topic))),
  ]);
  const known = new Set(offline.map((t) => t.toLowerCase()));
  const extra = [...new Set(own.map((r) => (r.topic ?? '').trim()).filter((t) => t && !known.has(t.toLowerCase())))].sort((a, b) =>
    a.localeCompare(b),
  );
  return { topics: [...offline, ...extra] };
}

/** What a typed topic will be taken as (issue 27); `open` from an engine that writes on any topic. */
export async function matchCourseTopic(engine: Engine, subject: string, topic: string): Promise<TopicMatch> {
  if (!engine.matchTopic) return { status: 'open', topic: topic.trim(), suggestion: null, message: null };
  return engine.matchTopic(subject, topic);
}

/** The New Course card's subjects: those that work offline, and the school's AI provider when one is configured. */
export async function availableSubjects(engine: Engine): Promise<SubjectsResponse> {
  return {
    offline: (await engine.offlineSubjects?.()) ?? [],
    provider: engine.info.kind === 'llm' ? engine.info.label : null,
  };
}
