// Plain constants (no zod) of question-import.ts: the signed-in screens import these without pulling in the contract's schemas.

/** The largest file the page accepts, in characters (a GIFT file of several hundred questions is well under). */
export const IMPORT_MAX_CHARS = 2_000_000;
export const IMPORT_FORMATS = ['gift', 'json', 'xml'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_TEXT = {
  tooLarge: `That file is too large to import (the limit is ${IMPORT_MAX_CHARS / 1_000_000} MB of text). Split it into smaller files.`,
  empty: 'The file is empty.',
  unknownFormat: 'Choose a Moodle GIFT file (.gift or .txt), a Moodle XML file (.xml) or a Markwell JSON file (.json).',
  nothingToImport: 'No question in this file can be imported. See the list below for why.',
  nothingToExport: 'This course has no questions to export yet.',
} as const;

/**
 * The format of a file: Moodle XML when its content starts as XML does (`<?xml` or `<quiz>`) or its name ends .xml,
 * Markwell JSON when its name ends .json, anything else GIFT (Moodle writes .txt and .gift).
 */
export function importFormatOf(fileName: string, content = ''): ImportFormat {
  if (/^\uFEFF?\s*(<\?xml\b|<quiz[\s>])/i.test(content) || /\.xml$/i.test(fileName.trim())) return 'xml';
  return /\.json$/i.test(fileName.trim()) ? 'json' : 'gift';
}
