import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signUpThroughUi } from './fixtures';

async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const GIFT = `$CATEGORY: $course$/Physics/Units

::Prefix::Which prefix means one thousandth? {=milli ~micro ~kilo}

::Sun::The Sun is a main-sequence star. {T}

::Essay::Explain what is meant by a scalar quantity. {}

::Cloze::Charge is measured in {1:SHORTANSWER:=coulombs}.

::Script::[html]<script>document.title = 'hacked'</script><img src="https://example.com/x.png" onerror="document.title = 'hacked'"> {=yes ~no}
`;

test('import a GIFT file in the browser, practise an imported question, export it back', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpThroughUi(page);
  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Physics' });
  await page.goto(`/courses/${course.id}`);

  // Drop the file on the drop zone: the preview lists every question.
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'units.gift', { type: 'text/plain' }));
    return transfer;
  }, GIFT);
  await page.getByText('Drop a file here, or').dispatchEvent('drop', { dataTransfer });
  const toImport = page.getByRole('list', { name: 'Questions to import' });
  await expect(toImport.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  await expect(toImport).toContainText('Prefix');
  await expect(toImport).toContainText('Multiple choice, 1 mark');
  await expect(toImport).toContainText('Changed: true/false: practised as a two-option multiple-choice question');
  // the essay has no scheme in the file: imported flagged, for the teacher to write one
  await expect(toImport.getByRole('listitem').nth(2)).toContainText('Needs a mark scheme');
  await expect(toImport).toContainText('Changed: imported without a mark scheme: write one before it can be marked');
  // the bad questions are skipped, each with its own message, and nothing in them ran
  const skipped = page.getByRole('list', { name: 'Skipped questions' });
  await expect(skipped).toContainText('Skipped question 4 "Cloze": Moodle\'s embedded answers (Cloze) questions cannot be imported');
  await expect(skipped).toContainText('Skipped question 5 "Script": the question text is empty or too short');
  expect(await page.title()).not.toBe('hacked');
  await page.screenshot({ path: test.info().outputPath('import-preview.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'import preview');

  await page.getByRole('button', { name: 'Import 3 questions' }).click();
  const link = page.getByRole('status').getByRole('link', { name: 'Imported: units' });
  await expect(link).toBeVisible({ timeout: 30_000 });

  // Practise the imported multiple-choice question and get it marked.
  await link.click();
  await expect(page).toHaveURL(/\/papers\//);
  const paperId = page.url().split('/papers/')[1].split('/')[0];
  const questions = await call<{ id: string; text: string }[]>(page, 'GET', `/api/question-papers/${paperId}/questions`);
  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${questions[0].id}`);
  await page.getByRole('radio', { name: /milli/ }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByTestId('feedback-total')).toHaveText(/^Total: 1 \/ 1 marks?$/, { timeout: 45_000 });

  // The essay needs a mark scheme: its owner writes it on the exam screen, and the flag goes.
  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${questions[2].id}`);
  const needs = page.getByRole('group', { name: 'Needs a mark scheme' });
  await expect(needs).toBeVisible({ timeout: 30_000 });
  // this Markwell has no AI provider: drafting says so in a teacher's words, and the button goes
  await needs.getByRole('button', { name: 'Draft a mark scheme' }).click();
  await expect(needs.getByRole('alert')).toHaveText(/^Drafting a mark scheme needs your school's AI provider/);
  await expect(needs.getByRole('button', { name: 'Draft a mark scheme' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'needs-scheme form');
  await needs.getByLabel(/Write the mark scheme/).fill('a scalar has magnitude only\nno direction, unlike a vector [2]');
  await needs.getByRole('button', { name: 'Save mark scheme' }).click();
  await expect(needs).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('3 marks', { exact: true })).toBeVisible();

  // Export it back from the course page.
  await page.goto(`/courses/${course.id}`);
  const download = page.waitForEvent('download');
  const paperLinks = page.getByRole('region', { name: 'Question papers' });
  await paperLinks.getByRole('link', { name: 'GIFT' }).last().click(); // papers are listed oldest first: the course's own, then the import
  const file = await download;
  expect(file.suggestedFilename()).toBe('imported-units.gift');
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('Which prefix means one thousandth?');

  // And the whole course as one file: the course's own paper and the imported one, a category for each topic.
  const courseDownload = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Export the whole course' }).getByRole('link', { name: 'GIFT' }).click();
  const courseFile = await courseDownload;
  expect(courseFile.suggestedFilename()).toBe('physics-a-level-practice.gift');
  const courseText = Buffer.concat(await (await courseFile.createReadStream()).toArray()).toString('utf8');
  expect(courseText).toContain('Which prefix means one thousandth?');
  expect(courseText).toContain('$CATEGORY: Physics/Units');
  expect(courseText.match(/^\$CATEGORY: /gm)!.length).toBeGreaterThan(1);
});

// Our own Moodle XML file: a multiple-choice question with an embedded image, a numerical one, a Cloze one Markwell cannot hold.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('pixels')]).toString('base64');
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Physics/Charge</text></category></question>
  <question type="multichoice">
    <name><text>Carrier</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which particle carries the current in a metal wire? <img src="@@PLUGINFILE@@/wire.png" alt="a wire"></p><script>document.title = 'hacked'</script>]]></text>
      <file name="wire.png" path="/" encoding="base64">${PNG}</file></questiontext>
    <penalty>0.3333333</penalty><single>true</single>
    <answer fraction="100" format="html"><text>electron</text></answer>
    <answer fraction="0" format="html"><text>proton</text></answer>
    <answer fraction="0" format="html"><text>neutron</text></answer>
  </question>
  <question type="numerical">
    <name><text>Charge</text></name>
    <questiontext format="html"><text><![CDATA[<p>A current of 2.0 A flows for 3.0 s. How much charge passes, in C?</p>]]></text></questiontext>
    <penalty>0</penalty>
    <answer fraction="100"><text>6</text><tolerance>0.1</tolerance></answer>
  </question>
  <question type="multianswer">
    <name><text>Cloze</text></name>
    <questiontext format="html"><text>Charge is measured in {1:SHORTANSWER:=coulombs}.</text></questiontext>
  </question>
</quiz>
`;

test('import a Moodle XML file in the browser, practise an imported question, export it back as Moodle XML', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpThroughUi(page);
  const course = await call<{ id: string }>(page, 'POST', '/api/courses/direct-create', { subject: 'Physics' });
  await page.goto(`/courses/${course.id}`);

  await page.getByLabel('Question file').setInputFiles({ name: 'charge.xml', mimeType: 'text/xml', buffer: Buffer.from(XML) });
  const toImport = page.getByRole('list', { name: 'Questions to import' });
  await expect(toImport.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  await expect(toImport).toContainText('Carrier');
  await expect(toImport).toContainText("Changed: Moodle's penalty for each wrong try (33.3%) is not used");
  await expect(page.getByRole('list', { name: 'Skipped questions' })).toContainText(
    'Skipped question 3 "Cloze": Moodle\'s embedded answers (Cloze) questions ("multianswer") cannot be imported',
  );
  await page.getByRole('button', { name: 'Import 2 questions' }).click();
  const link = page.getByRole('status').getByRole('link', { name: 'Imported: charge' });
  await expect(link).toBeVisible({ timeout: 30_000 });

  // The imported question shows its embedded image and no script ran; it is marked like any other.
  await link.click();
  await expect(page).toHaveURL(/\/papers\//);
  const paperId = page.url().split('/papers/')[1].split('/')[0];
  const questions = await call<{ id: string }[]>(page, 'GET', `/api/question-papers/${paperId}/questions`);
  await page.goto(`/courses/${course.id}/papers/${paperId}/questions/${questions[0].id}`);
  await expect(page.getByRole('img', { name: 'a wire' })).toHaveAttribute('src', `data:image/png;base64,${PNG}`);
  expect(await page.title()).not.toBe('hacked');
  await page.getByRole('radio', { name: /electron/ }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByTestId('feedback-total')).toHaveText(/^Total: 1 \/ 1 marks?$/, { timeout: 45_000 });

  // Export it back as Moodle XML from the course page.
  await page.goto(`/courses/${course.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Question papers' }).getByRole('link', { name: 'Moodle XML' }).last().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('imported-charge.xml');
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  expect(text).toContain('<question type="multichoice">');
  expect(text).toContain('<question type="numerical">');
  expect(text).toContain(`<file name="image-1.png" path="/" encoding="base64">${PNG}</file>`);
});
