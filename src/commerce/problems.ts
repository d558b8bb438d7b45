import type { z } from 'zod';

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

/** How the order service words one failed rule of its schemas in `meta.errors[].info`. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Must be ${issue.expected === 'int' ? 'an integer' : `of type ${issue.expected}`}.`;
    case 'too_big': {
      const n = issue.maximum as number;
      if (issue.origin === 'string') return `Must be at most ${plural(n, 'character', 'characters')} long.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Must have at most ${plural(n, 'item', 'items')}.`;
      return `Must be at most ${n}.`;
    }
    case 'too_small': {
      const n = issue.minimum as number;
      if (issue.origin === 'string')
        return n === 1 ? 'Must not be empty.' : `Must be at least ${plural(n, 'character', 'characters')} long.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Must have at least ${plural(n, 'item', 'items')}.`;
      return `Must be at least ${n}.`;
    }
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue)
        return `Must match the pattern ${String(issue.pattern).replace(/^\/|\/$/g, '')}.`;
      if (issue.format === 'email') return 'Must be an e-mail address.';
      if (issue.format === 'datetime')
        return 'Must be an ISO 8601 date-time with an offset, such as 2024-07-01T09:30:00Z.';
      if (issue.format === 'url') return 'Must be an absolute URL.';
      return `Must be a valid ${issue.format}.`;
    case 'invalid_value':
      return `Must be one of: ${issue.values.map((v) => String(v)).join(', ')}.`;
    case 'unrecognized_keys':
      return 'Unknown property.';
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}.`;
    default:
      return issue.message;
  }
}
