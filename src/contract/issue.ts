import type * as z from 'zod/mini';

/** The first problem of a failed parse: which field (dotted path) and what is wrong with it. */
export function describeIssue(error: z.core.$ZodError): { field: string; problem: string } {
  const issue = error.issues[0];
  const field = issue && issue.path.length ? issue.path.map(String).join('.') : '(root)';
  return { field, problem: issue?.message ?? 'is invalid' };
}
