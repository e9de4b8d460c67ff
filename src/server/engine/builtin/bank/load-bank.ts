import { defaultContentDir, readBankWith, type Bank } from './bank';
import { validateBankQuestion } from './validate-question';

/**
 * The bank read with the full validation content:import runs (validate-question.ts: the schema, the
 * rules across fields, and templates instantiated, here over LOAD_SEEDS seeds): for content:stats,
 * content:import, content:export and the tests. It loads mathjs, so the server's main thread uses
 * bank.ts (loadBank and the lookups, no template check) instead. Import the bank's other names from bank.ts.
 */

/** bank.ts's content folder, still named here for src/server/engine/builtin/marker/testing/mark-bank.ts (not ours to change). */

/**
 * Seeds each template is instantiated with by readBank: enough for the problems that do not depend on
 * the values (syntax, unknown names and placeholders, constraints that never hold). content:import
 * tries 50 (CHECK_SEEDS) and the bank tests 200.
 */
export const LOAD_SEEDS = 10;

/** Reads and fully validates every content/**\/*.json under `dir`. Never throws for bad content: see `issues`. */
export function readBank(dir = defaultContentDir()): Bank {
  return readBankWith(dir, (raw) => validateBankQuestion(raw, LOAD_SEEDS));
}
