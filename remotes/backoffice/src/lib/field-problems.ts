/** A contract schema's `safeParse` outcome, as far as a form reads it. */
interface Checked {
  error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
}

/**
 * The contract's checks of a form, as the form shows them: each field's first message key (the keys
 * the API sends in its 422 `fields`), so a form says what is wrong before anything is sent.
 */
export function fieldProblems(result: Checked): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}
