import { describe, expect, it } from 'vitest';
import { instantiateQuestion, type ConcreteQuestion } from './builtin/bank/instantiate';
import { loadBank } from './builtin/bank/bank';
import { bankQuestionSchema, type BankQuestion } from './builtin/bank/schema';
import { makeQuestion } from './builtin/bank/testing/write-fixture-bank';
import { bankSchemeRules, toGeneratedQuestion } from './builtin/bank/to-generated-paper';
import { markAnswer } from './builtin/marker/mark-answer';
import type { GeneratedPaper, GeneratedQuestion } from './engine';
import { renderPracticePaper, renderQuestionScheme } from './render-practice-paper';
import { renderPracticePaperPdf } from './render-practice-paper-pdf';
import { countSigFigs, DEFAULT_SIG_FIGS, schemeSigFigs } from './text/sig-figs';
import { pdfPageLines } from '../testing/pdf-page-lines';

/**
 * Issue 24 (item 4): every scheme value a person reads — the printed scheme and answer key (HTML and PDF),
 * template text and the built-in marker's feedback sentences — is written to the scheme's significant figures,
 * never as a raw float ("-51.59314285714285 kJ mol⁻¹").
 */

const input = {
  subject: 'Chemistry',
  topic: 'Mixed',
  difficultyLevel: 'medium',
  questionCount: 1,
  includeAnswers: true,
  includeMarkScheme: true,
} as const;

/** The question as services store it (toGeneratedQuestion), for rendering. */
function generated(q: ConcreteQuestion): GeneratedQuestion {
  return toGeneratedQuestion({ ...q, topic: 'Energetics', sourceId: 'test' });
}

function paper(questions: GeneratedQuestion[]): GeneratedPaper {
  return { title: 'Practice', description: '', topic: 'Mixed', difficultyLevel: 'standard', questions, generatedBy: 'the built-in bank' };
}

/** Numbers as written in a text, with their significant figures (the fewest they can be read as). */
function writtenNumbers(text: string): { text: string; sigFigs: number; decimal: boolean }[] {
  return [...text.matchAll(/(?<![\w.^])-?\d+(?:\.\d+)?(?:\s*×\s*10\^-?\d+)?/g)].map((m) => ({
    text: m[0],
    sigFigs: countSigFigs(m[0])[0],
    decimal: m[0].includes('.'),
  }));
}

/**
 * A decimal with more than 6 significant figures, or "e" notation: a raw float that reached a person. An accept /
 * reject wording may be written in "e" notation on purpose (it is how a student may type the value: "accept
 * 3.46e-19"), so `wordings` text is only checked for figures.
 */
function rawFloats(text: string, wordings = ''): string[] {
  return [
    ...writtenNumbers(`${text}\n${wordings}`)
      .filter((n) => n.decimal && n.sigFigs > 6)
      .map((n) => n.text),
    ...(text.match(/\d\.?\d*e[-+]?\d+/g) ?? []),
  ];
}

/** The question without its accept / reject / ignore wordings (the words students may write, not values we write). */
function withoutWordings(q: GeneratedQuestion): GeneratedQuestion {
  return { ...q, markScheme: q.markScheme.map((p) => ({ ...p, accept: [], reject: [], ignore: [] })) };
}

const teacherPart = (html: string) => html.slice(html.indexOf('<section class="teacher">'));

/** The most significant figures a point's printed value may have: its s.f., as its text writes it, else 3 (or its whole digits). */
function allowedSigFigs(point: ConcreteQuestion['markScheme'][number]): number {
  const value = Math.abs(Number(point.numeric?.value));
  const whole = value >= 1 && value < 1e6 ? Math.floor(Math.log10(value)) + 1 : 0;
  return schemeSigFigs(point) ?? Math.max(DEFAULT_SIG_FIGS, whole);
}

const bank = loadBank();
const templates = [...bank.byId.values()].map((x) => x.question).filter((q) => q.template);
const SEEDS = [0, 1, 2, 3, 4];

/** A template whose answer does not terminate: ΔH = q / n = -51.59314285714285… kJ mol⁻¹ for seed-independent values. */
function enthalpyTemplate(numeric: { sigFigs?: number } = {}, pointText = 'ΔH = {{dH}} kJ mol⁻¹'): BankQuestion {
  return bankQuestionSchema.parse(
    makeQuestion('chemistry-energetics-99', {
      marks: 2,
      text: '<p>Burning {{n}} mol of fuel releases {{q}} kJ. Calculate the enthalpy change ΔH in kJ mol⁻¹.</p>',
      markScheme: [
        { id: 'm1', text: 'ΔH = −q / n = −{{q}} / {{n}}', kind: 'M', accept: ['{{q}} / {{n}}'] },
        { id: 'a1', text: pointText, kind: 'A', depends_on: 'm1', numeric: { value: 'dH', unit: 'kJ mol^-1', ...numeric } },
      ],
      modelAnswer: '<p>ΔH = −{{q}} / {{n}} = {{dH}} kJ mol⁻¹</p>',
      hints: ['<p>Divide the energy released by the amount burned: {{q}} / {{n}}.</p>'],
      template: { variables: { q: { min: 361.152, max: 361.152, dp: 3 }, n: { min: 7, max: 7, step: 1 } }, computed: { dH: '-q / n' } },
    }),
  );
}

describe('scheme values in printed schemes and answer keys', () => {
  it('writes a computed value that does not terminate to 3 s.f. in the scheme, its guidance and the answer key', () => {
    const q = instantiateQuestion(enthalpyTemplate(), 1);
    expect(q.markScheme[1].numeric?.value).toBeCloseTo(-51.593142857, 8); // the marker keeps the exact value
    expect(q.markScheme[1].text).toBe('ΔH = -51.6 kJ mol⁻¹');
    const html = renderPracticePaper(paper([generated(q)]), input).html;
    expect(html).toContain('value -51.6 kJ mol^-1');
    expect(html).toContain('<p>ΔH = −361.152 / 7 = -51.6 kJ mol⁻¹</p>');
    expect(html).not.toMatch(/51\.59/);
    expect(rawFloats(html)).toEqual([]);
  });

  it("writes the value to the point's sigFigs when set, in the text, the model answer and the guidance", () => {
    const q = instantiateQuestion(enthalpyTemplate({ sigFigs: 4 }), 1);
    expect(q.markScheme[1].text).toBe('ΔH = -51.59 kJ mol⁻¹');
    expect(q.modelAnswer).toContain('= -51.59 kJ mol⁻¹');
    expect(renderQuestionScheme(generated(q), 1)).toContain('value -51.59 kJ mol^-1 to 4 s.f.');
  });

  it('writes the value to the precision the point text writes it with', () => {
    const q = instantiateQuestion(enthalpyTemplate({}, 'ΔH = {{dH:2}} kJ mol⁻¹'), 1);
    expect(q.markScheme[1].text).toBe('ΔH = -52 kJ mol⁻¹');
    expect(renderQuestionScheme(generated(q), 1)).toContain('value -52 kJ mol^-1');
  });

  it('prints no raw float for any bank template, seed after seed, and each value to its s.f. (HTML scheme and answer key)', () => {
    const problems: string[] = [];
    for (const template of templates) {
      for (const seed of SEEDS) {
        const q = instantiateQuestion(template, seed);
        const full = teacherPart(renderPracticePaper(paper([generated(q)]), input).html);
        const values = teacherPart(renderPracticePaper(paper([withoutWordings(generated(q))]), input).html);
        for (const raw of rawFloats(values, full)) problems.push(`${q.id} seed ${seed}: raw ${raw}`);
        for (const point of q.markScheme) {
          if (!point.numeric) continue;
          const printed = /value (-?\d[\d.]*(?: × 10\^-?\d+)?)/.exec(
            renderQuestionScheme(generated({ ...q, markScheme: [point] }), 1),
          )?.[1];
          const allowed = allowedSigFigs(point);
          if (!printed) problems.push(`${q.id} seed ${seed} ${point.id}: no value printed`);
          else if (countSigFigs(printed)[0] > allowed)
            problems.push(`${q.id} seed ${seed} ${point.id}: ${printed} (at most ${allowed} s.f.)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('prints no raw float in the PDF scheme and answer key', async () => {
    const questions = templates.slice(0, 12).map((t) => generated(instantiateQuestion(t, 3)));
    questions.push(generated(instantiateQuestion(enthalpyTemplate(), 1)));
    const read = async (qs: GeneratedQuestion[]) =>
      (await pdfPageLines(await renderPracticePaperPdf(paper(qs), input, null)))
        .flat()
        .map((l) => l.text)
        .join('\n');
    const values = await read(questions.map(withoutWordings));
    expect(values).toContain('value -51.6 kJ mol⁻¹');
    expect(rawFloats(values, await read(questions))).toEqual([]);
  });
});

describe("scheme values in the built-in marker's feedback sentences", () => {
  const scheme = [
    { id: 'a1', text: 'the enthalpy change of combustion', marks: 1, numeric: { value: -51.59314285714285, unit: 'kJ mol^-1' } },
  ];
  const mark = (answer: string, markScheme: typeof scheme = scheme) =>
    markAnswer({ questionText: 'Calculate ΔH.', type: 'short_answer', totalMarks: 1, markScheme, answer }).markscheme_evaluation[0]
      .justification;

  it('writes the expected value to 3 s.f., not as a raw float', () => {
    const wrong = mark('ΔH = -30 kJ mol^-1');
    expect(wrong).toContain('-51.6 kJ mol^-1');
    expect(rawFloats(wrong)).toEqual([]);
    expect(rawFloats(mark('I do not know'))).toEqual([]);
  });

  it('writes very small and large values in standard form, not "e" notation', () => {
    const charge = [{ id: 'a1', text: 'the charge', marks: 1, numeric: { value: 1.602176634e-19, unit: 'C' } }];
    const text = mark('Q = 3 C', charge);
    expect(text).toContain('1.60 × 10^-19 C');
    expect(text).not.toMatch(/\de-/);
  });

  it('quotes no raw float for a wrong answer to any bank template', () => {
    const problems: string[] = [];
    for (const template of templates) {
      const q = instantiateQuestion(template, 2);
      const fb = markAnswer({
        questionText: q.text,
        type: q.type,
        totalMarks: q.marks,
        markScheme: q.markScheme,
        answer: 'The answer is 7.5 and 2.',
        options: q.options,
        correctAnswer: q.correctAnswer,
        rules: bankSchemeRules(q),
      });
      for (const e of fb.markscheme_evaluation)
        for (const raw of rawFloats(e.justification)) problems.push(`${q.id} ${e.point_id}: ${raw}`);
    }
    expect(problems).toEqual([]);
  });
});
