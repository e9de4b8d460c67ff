import type { PracticePaperRequest, PracticePaperResponse } from '../../shared/practice-paper';
import type { Engine } from '../engine/engine';

/**
 * §7 POST /api/generate-custom-pdf: a complete printable HTML practice paper (the client opens it in a
 * new window and prints it), with the answer key and mark scheme for teachers when asked. Nothing is stored.
 */
export async function generatePracticePaper(engine: Engine, input: PracticePaperRequest): Promise<PracticePaperResponse> {
  const { filename, html } = await engine.practicePaper(input);
  return { filename, html };
}
