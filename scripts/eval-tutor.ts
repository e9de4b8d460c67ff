/**
 * `npm run eval:tutor`: holds the tutor to the quality set (src/server/engine/builtin/tutor/quality)
 * and prints the pass rate by kind of turn. The built-in tutor always; with an LLM provider configured
 * (AI_PROVIDER and its key), that provider's tutor as well.
 */
import { loadConfig } from '../src/server/config';
import { createBuiltinEngine } from '../src/server/engine/builtin/builtin-engine';
import { warmUpMarker } from '../src/server/engine/builtin/marker/mark-answer';
import { builtinTutorReply } from '../src/server/engine/builtin/tutor/tutor-reply';
import { runTutorQualitySet, type ConversationResult } from '../src/server/engine/builtin/tutor/quality/run-tutor-quality';
import { createLlmEngine } from '../src/server/engine/llm/create-llm-engine';
import { resolveLlmConfig } from '../src/server/engine/llm/llm-config';
import type { TutorInput, TutorReply } from '../src/server/engine/engine';

function report(label: string, results: ConversationResult[], passRate: number): void {
  console.log(
    `\n${label}: ${results.filter((r) => r.passed).length}/${results.length} conversations pass (${(passRate * 100).toFixed(1)}%)`,
  );
  const kinds = [...new Set(results.map((r) => r.kind))];
  for (const kind of kinds) {
    const of = results.filter((r) => r.kind === kind);
    console.log(`  ${kind.padEnd(18)} ${of.filter((r) => r.passed).length}/${of.length}`);
  }
  for (const r of results.filter((x) => !x.passed)) for (const f of r.failures) console.log(`  ✗ ${r.id}: ${f}`);
}

async function main(): Promise<void> {
  warmUpMarker();
  const builtin = await runTutorQualitySet(builtinTutorReply);
  report('Built-in tutor', builtin.results, builtin.passRate);
  const llmConfig = resolveLlmConfig(loadConfig());
  if (llmConfig) {
    const engine = createLlmEngine({ config: llmConfig, fallback: createBuiltinEngine() });
    const tutor = (input: TutorInput): Promise<TutorReply> => engine.tutorReply(input);
    const llm = await runTutorQualitySet(tutor);
    report(`LLM tutor (${llmConfig.model})`, llm.results, llm.passRate);
  } else console.log('\n(No AI_PROVIDER configured: the LLM tutor was not run.)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
