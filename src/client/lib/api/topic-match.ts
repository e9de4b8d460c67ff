import type { TopicMatch } from '../../../shared/topics';
import { apiRequest } from '../api-request';

/** POST /api/topics/match: what a typed topic will be taken as, asked before a paper is generated (issue 27). */
export function fetchTopicMatch(subject: string, topic: string): Promise<TopicMatch> {
  return apiRequest<TopicMatch>('POST', '/api/topics/match', { subject, topic });
}
