// Finds rule ids in TypeScript source that would escape the `RuleId` type: literals given as a message's rule id or
// compared with one (each must be in the catalog), `ruleId` typed as a plain string, casts to `RuleId`, and comments
// that silence the compiler on a line with a rule id.
import ts from 'typescript';
import { isRuleId } from '../../../generator/build/messages/rules.js';

export interface SourceFinding {
  line: number;
  text: string;
  why: string;
}

export interface ScanOptions {
  /** Generator code: a plain-string `ruleId` is a finding too (tests may hold ids as strings). */
  strict: boolean;
  /** The one file allowed to cast to `RuleId` (where vfile hands back the ids it was given). */
  castAllowed?: boolean;
}

const isRuleIdName = (name: ts.PropertyName | ts.Expression) =>
  (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'ruleId';
const literalOf = (node: ts.Node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;

export function scanRuleIds(fileName: string, text: string, options: ScanOptions): SourceFinding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const findings: SourceFinding[] = [];
  const add = (node: ts.Node, why: string) =>
    findings.push({
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: node.getText(source),
      why,
    });
  const checkLiteral = (node: ts.Node) => {
    const id = literalOf(node);
    if (id !== undefined && !isRuleId(id)) add(node, `"${id}" is not in the rule catalog`);
    if (ts.isTemplateExpression(node)) add(node, 'a rule id built at run time; write the id out');
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && isRuleIdName(node.name)) checkLiteral(node.initializer);
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        node.operatorToken.kind,
      )
    ) {
      const sides = [node.left, node.right];
      if (sides.some((s) => ts.isPropertyAccessExpression(s) && isRuleIdName(s.name))) sides.forEach(checkLiteral);
    }
    if (
      options.strict &&
      (ts.isPropertySignature(node) || ts.isParameter(node)) &&
      ts.isIdentifier(node.name) &&
      isRuleIdName(node.name)
    ) {
      if (node.type?.kind === ts.SyntaxKind.StringKeyword)
        add(node, '`ruleId` typed as a plain string; type it `RuleId`');
    }
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !options.castAllowed) {
      if (ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'RuleId') {
        add(node, 'a cast to `RuleId` lets any string through');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A silenced line that gives or compares a rule id.
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const silenced = /@ts-(ignore|expect-error|nocheck)\b/.exec(line);
    if (silenced && /\bruleId\b/.test(lines[i + 1] ?? '')) {
      findings.push({ line: i + 1, text: silenced[0], why: 'a comment that silences the compiler on a rule id' });
    }
  });
  return findings;
}
