// `npm run build` (after vite build) and `npm start` (before serving): makes the ready PostgreSQL cluster that new
// PGlite data folders are opened from (src/server/db/pglite-template.ts, decision 020), once per install, in a
// short-lived process rather than in the server. Nothing to do when a valid template is already there (a second or
// two) or when DATABASE_URL is set (PostgreSQL: no data folder). The template is made in a child process of its own
// (about 900 MiB for 10-30 s): if it fails, even killed for memory on a small machine, this script still exits 0,
// since a missing template only means the server runs initdb itself on a new data folder. It never fails the build.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makePgliteTemplate, pgliteTemplateFiles, readPgliteTemplate } from '../src/server/db/pglite-template';

const files = pgliteTemplateFiles();
const notMade = 'PGlite template not made (new data folders will run initdb)';

if (process.argv[2] === '--make') {
  // The child: its exit status tells the parent whether a template was written.
  const file = await makePgliteTemplate(files);
  console.log(file ? `PGlite template: ${file}` : `${notMade}: no writable cache folder`);
} else if (process.env.DATABASE_URL) {
  console.log('PGlite template: not needed (DATABASE_URL is set)');
} else if (readPgliteTemplate(files)) {
  console.log(`PGlite template: ${files[0]} (kept)`);
} else {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--make'], { stdio: 'inherit' });
  if (child.status !== 0) {
    const why = child.error?.message ?? (child.signal ? `killed by ${child.signal}` : `exit status ${child.status}`);
    console.warn(`${notMade}: ${why}`);
  }
}
