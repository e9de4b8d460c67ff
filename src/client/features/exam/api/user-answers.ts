import { useQuery } from '@tanstack/react-query';

export interface UserAnswerView {
  questionId: string;
  text: string;
  submitted: boolean;
}

/** GET /api/user/answers: which questions of the paper have a saved answer. */
export function useUserAnswers() {
  return useQuery<UserAnswerView[]>({ queryKey: ['/api/user/answers'] });
}
