/**
 * No player-visible literal outside the catalogs (issue 14 point 2): every .tsx file of the web
 * client is parsed with the TypeScript compiler and its JSX text, its string literals placed as JSX
 * children, and the string values of its attributes (title, aria-label, placeholder, alt, a
 * component's label…) must hold no words. Symbols, digits and punctuation (·, —, +, ×, ♠) are
 * allowed; data-testid, className and the other attributes players never read are not checked.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Attributes players never read (identifiers, styling, wiring); every other attribute with a string
 * value — title, aria-label, placeholder, alt, a component's label or text prop — is checked.
 */
const UNREAD_ATTRIBUTES = new Set([
  'className', 'id', 'htmlFor', 'type', 'key', 'name', 'role', 'href', 'src', 'rel', 'target', 'lang', 'autoComplete', 'current',
  'inputMode', 'method', 'action', 'testid', 'kind', 'variant', 'size', 'tone', 'side', 'align', 'direction', 'mode',
  'aria-live', 'aria-hidden', 'aria-current', 'aria-haspopup', 'aria-expanded', 'aria-controls', 'aria-labelledby',
  'aria-describedby', 'aria-pressed', 'aria-selected', 'aria-atomic', 'aria-relevant', 'aria-busy', 'aria-modal',
  'aria-orientation', 'aria-sort', 'aria-invalid', 'aria-disabled', 'aria-checked', 'enterKeyHint', 'autoCapitalize',
  'spellCheck', 'loading', 'decoding', 'crossOrigin', 'referrerPolicy', 'form', 'pattern', 'scope', 'dir', 'wrap',
  // SVG geometry and paint
  'd', 'viewBox', 'fill', 'stroke', 'transform', 'focusable', 'strokeLinecap', 'strokeLinejoin',
  // which side of the table a component draws (TableScreen's Explanation)
  'who',
]);
const isUnread = (name: string): boolean => UNREAD_ATTRIBUTES.has(name) || name.startsWith('data-') || name.endsWith('ClassName') || name.endsWith('Id') || name.toLowerCase().endsWith('testid');

/** A word: two letters in a row, in any script. */
const WORD = /\p{L}{2}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

/** The player-visible literals of one source file, as `file:line: text`. */
export function visibleLiterals(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    if (!WORD.test(value)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${relative(SRC, fileName)}:${line + 1}: ${value.trim()}`);
  };
  const isStringy = (e: ts.Node): e is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral => ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const e = node.expression;
      if (isStringy(e)) report(e, e.text);
      if (ts.isTemplateExpression(e)) for (const part of [e.head, ...e.templateSpans.map((s) => s.literal)]) report(part, part.text);
    }
    if (ts.isJsxAttribute(node) && !isUnread(node.name.getText(source))) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) report(init, init.text);
      if (init && ts.isJsxExpression(init) && init.expression && isStringy(init.expression)) report(init.expression, init.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('player-visible text comes from the catalogs', () => {
  it('finds no words in JSX text or read attributes of packages/web/src', () => {
    const found = tsxFiles(SRC).flatMap((file) => visibleLiterals(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a literal in JSX text, a string child, a template child and a title, but not a test id or a class', () => {
    const code = `export const A = () => (
      <div className="panel" data-testid="panel-main">
        Place your bet
        {'Deal now'}
        {\`Seat \${n}\`}
        <img alt="Ace of spades" src="a.png" />
        <button title="Close the panel" aria-label={'Close'}>×</button>
        <span>{t('x')} · {count} — +</span>
      </div>);`;
    const found = visibleLiterals(join(SRC, 'probe.tsx'), code).map((f) => f.replace(/^[^:]+:\d+: /, ''));
    expect(found).toEqual(['Place your bet', 'Deal now', 'Seat', 'Ace of spades', 'Close the panel', 'Close']);
  });
});
