/**
 * A one-time password reset code for an administrator to hand to a user (issue 25):
 *
 *   npm run user:reset -- student@school.org
 *
 * The code works once, for 24 hours, on the log-in page under "Forgot password?" with the user's e-mail address; it
 * replaces any code issued before. Uses DATABASE_URL (PostgreSQL) or the PGlite folder DATA_DIR (default ./data), as
 * the server does. PGlite's folder can be opened by one process at a time: with the server running on it, the
 * command says so and stops (use the class teacher's "Reset code" button then, or stop the server first).
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { DATA_DIR_IN_USE } from '../src/server/db/data-dir-lock';
import { isHttpError } from '../src/server/http-error';
import { issueAdminResetCode } from '../src/server/services/password-reset';

interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** The command's work: prints the code (or why not) and returns the exit code. */
export async function userReset(args: string[], env: NodeJS.ProcessEnv, out: Output = console): Promise<number> {
  const email = args.find((a) => !a.startsWith('-'));
  if (!email) {
    out.error('Usage: npm run user:reset -- EMAIL');
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    out.error((error as Error).message);
    return 2;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    out.error(code === DATA_DIR_IN_USE ? (error as Error).message : `Could not open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    const issued = await issueAdminResetCode(database.db, email);
    out.log(`Reset code for ${issued.email}: ${issued.code}`);
    out.log(`It works once, until ${new Date(issued.expiresAt).toUTCString()}, on the log-in page under "Forgot password?"`);
    out.log('with that e-mail address and a new password. Any earlier code for the account no longer works.');
    return 0;
  } catch (error) {
    if (!isHttpError(error)) throw error;
    out.error(`${error.message} (${email})`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  userReset(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
