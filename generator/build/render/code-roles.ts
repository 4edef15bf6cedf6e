// The roles a highlighted token is coloured by: the highlighter names them as classes, the stylesheet colours them.

/** Each role is a class `code-<role>` and a custom property `--code-<role>` per scheme; any other token is text. */
export const CODE_ROLES: readonly string[] = [
  'keyword',
  'string',
  'string-expression',
  'constant',
  'comment',
  'function',
  'parameter',
  'link',
];
