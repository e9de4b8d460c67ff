import fs from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that names the process holding the folder's PGlite database. */
export const DATA_DIR_LOCK_FILE = 'markwell.pid';
export const DATA_DIR_IN_USE = 'DATA_DIR_IN_USE';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite can be opened by one process at a time, but it does not stop a second one (the two would overwrite each
 * other's pages): the first process writes its id to DATA_DIR/markwell.pid, and another process finding a running
 * process's id there is refused with a clear message (error code DATA_DIR_IN_USE). A file left by a process that
 * died is taken over. Returns the release, which removes the file.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    // This process holds it already (a second open in one process is the caller's to order): nothing to release.
    if (holder === process.pid) return () => undefined;
    if (holder !== null && isRunning(holder)) {
      throw Object.assign(
        new Error(
          `The data folder ${dir} is in use by process ${holder} (a running Markwell server?): its database can be opened by one ` +
            `process at a time. Stop the server and try again, or use DATABASE_URL (PostgreSQL). If no Markwell runs, delete ${file}.`,
        ),
        { code: DATA_DIR_IN_USE },
      );
    }
    fs.rmSync(file, { force: true }); // left by a process that is gone
  }
  throw new Error(`Could not take the data folder ${dir}: ${file} keeps coming back.`);
}
