// Browser journeys assert like a user looking at a page, retrying until the timeout, never
// on one read of a page that may still be rendering (tools/e2e/filters.e2e.ts counted 2 chips once,
// before the second rendered). This rule, on tools/e2e, refuses:
//   - an awaited count, visibility or state read, or a read of a list, anywhere (`await chips.count()`,
//     `await x.isVisible()`, `await rows.allInnerTexts()`, `await x.evaluateAll(…)`): such a read is only
//     ever compared;
//   - an awaited text, value or attribute read inside `expect(…)` (`expect(await x.textContent())`).
// Inside a function given to `soon(…)` (tools/e2e/soon.ts) a read is retried, so it is allowed; a text
// read kept in a variable to use later (an order number, a title) is allowed too.
// Use `expectSoon(locator).toHaveCount/toHaveText/toBeVisible/…` or `soon(() => read).toBe(…)`.

/** Reads that only ever feed a comparison. */
const ALWAYS_COMPARED = new Set([
  'count',
  'isVisible',
  'isHidden',
  'isChecked',
  'isEnabled',
  'isDisabled',
  'isEditable',
  'allInnerTexts',
  'allTextContents',
  'evaluateAll',
]);
/** Reads that may also take a value to use later (kept in a variable), but not straight into expect(). */
const TEXT_READS = new Set(['textContent', 'innerText', 'innerHTML', 'inputValue', 'getAttribute']);
const RETRIERS = new Set(['soon', 'expectSoon']);

const isFunction = (node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
const calleeName = (call) => (call.callee.type === 'Identifier' ? call.callee.name : null);

/** @type {import('eslint').Rule.RuleModule} */
export const noOneShotReads = {
  meta: {
    type: 'problem',
    docs: { description: 'Journeys retry every assertion on a live page (soon / expectSoon), never compare one read' },
    schema: [],
    messages: {
      oneShot:
        'One read of a live page ({{read}}()) compared once can flake while the page renders: use expectSoon(locator).toHaveCount/toHaveText/toBeVisible/… or soon(() => …) from ./soon.',
    },
  },
  create(context) {
    return {
      AwaitExpression(node) {
        const call = node.argument;
        if (call?.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.callee.property.type !== 'Identifier') return;
        const read = call.callee.property.name;
        if (!ALWAYS_COMPARED.has(read) && !TEXT_READS.has(read)) return;
        let insideExpect = false;
        let crossedFunction = false;
        for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
          // Retried: the read is in a function given to soon() or expectSoon().
          if (isFunction(child) && parent.type === 'CallExpression' && parent.arguments.includes(child) && RETRIERS.has(calleeName(parent))) return;
          if (isFunction(parent)) crossedFunction = true;
          if (!crossedFunction && parent.type === 'CallExpression' && calleeName(parent) === 'expect') insideExpect = true;
        }
        if (ALWAYS_COMPARED.has(read) || insideExpect) context.report({ node, messageId: 'oneShot', data: { read } });
      },
    };
  },
};

export const e2eRules = { rules: { 'no-one-shot-reads': noOneShotReads } };
