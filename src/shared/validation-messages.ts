import { z } from 'zod';

/**
 * Plain-English messages for every zod check that has no message of its own, so that no
 * "Invalid input: expected string, received undefined" ever reaches a student. Checks that carry
 * their own (spec) message keep it: zod uses a schema's own message before this one.
 */
export function describeIssue(issue: {
  code: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  values?: unknown;
  format?: unknown;
}): string {
  const field = issue.path?.length ? issue.path.map(String).join('.') : '';
  const subject = field || 'The request body';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return field ? `${field} is required` : 'The request body is required';
      return `${subject} must be ${describeType(issue.expected)}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? `${subject} is required` : `${subject} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `${subject} needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`;
      return `${subject} must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${subject} can be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `${subject} can have at most ${issue.maximum} items`;
      return `${subject} can be at most ${issue.maximum}`;
    case 'invalid_value':
      return Array.isArray(issue.values) && issue.values.length > 0
        ? `${subject} must be one of: ${issue.values.map(String).join(', ')}`
        : `${subject} is not an allowed value`;
    case 'invalid_format':
      return `${subject} is not a valid ${issue.format === 'email' ? 'e-mail address' : String(issue.format ?? 'value')}`;
    case 'unrecognized_keys':
      return `${subject} has fields that are not allowed`;
    default:
      return `${subject} is not valid`;
  }
}

function describeType(expected: unknown): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
    case 'int':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    default:
      return `of type ${String(expected)}`;
  }
}

/** Installs describeIssue as zod's message for checks without their own. Idempotent. */
export function installValidationMessages(): void {
  z.config({ customError: (issue) => describeIssue(issue as Parameters<typeof describeIssue>[0]) });
}
