import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ErrorCatalogue, Messages, PublishMessages, TEMPLATE_CATEGORY_LABELS } from '@visualnotes/contracts';
import { FOOTER_COLUMNS, HEADER_ITEMS, ACCOUNT_LINK } from '../app/layout/menus';
import { TOOL_GROUP_LABELS, TOOLS } from '../app/routes/tools';
import zhCN from './zh-CN';

/**
 * Every text of the interface goes through the translator and has its Simplified Chinese
 * translation. The sources are read as TypeScript: keys are the literal first arguments of `t(…)`
 * and `msg(…)`; JSX text and the attributes a reader sees (aria-label, placeholder, title, alt,
 * label) must not hold English words outside `t(…)`.
 */
const SRC = join(__dirname, '..');

/** Words that stay as they are in every language: names, brands, file formats. */
const NAMES = new Set(
  [
    'VisualNotes',
    'Premium',
    'Publisher',
    'YouTube',
    'Google',
    'Discord',
    'Twitter',
    'AppSumo',
    'Excalidraw',
    'Miro',
    'Milanote',
    'Notion',
    'PNG',
    'SVG',
    'TXT',
    'SRT',
    'VTT',
    'PDF',
    'PPT',
    'Word',
    'PowerPoint',
    'Markdown',
    'RSS',
    'AI',
    'ID',
  ].map((w) => w.toLowerCase()),
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    if (!/\.tsx?$/.test(name) || /\.spec\.tsx?$/.test(name) || /\.d\.ts$/.test(name)) return [];
    if (path.endsWith(join('i18n', 'zh-CN.ts')) || path.endsWith(join('i18n', 'en.ts'))) return [];
    return [path];
  });
}

const READER_ATTRIBUTES = /^(aria-label|placeholder|title|alt|label)$/;

/** English words in a text once names, formats, numbers and placeholders are taken out. */
function englishWords(text: string): string[] {
  return (
    text
      .replace(/\{\{[^}]*\}\}/g, ' ')
      .replace(/\S*\/\S*/g, ' ')
      .match(/[A-Za-z][A-Za-z'’-]+/g) ?? []
  ).filter((w) => !NAMES.has(w.toLowerCase()));
}

/** The string literals an expression in JSX would show as they are: `{cond ? 'a' : 'b'}`, `{x ?? 'a'}`. */
function shownLiterals(expr: ts.Expression): (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral)[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr];
  if (ts.isParenthesizedExpression(expr)) return shownLiterals(expr.expression);
  if (ts.isConditionalExpression(expr)) return [...shownLiterals(expr.whenTrue), ...shownLiterals(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(expr.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) return [...shownLiterals(expr.left), ...shownLiterals(expr.right)];
  }
  return [];
}

interface Found {
  keys: Map<string, string>;
  untranslated: string[];
}

function scan(): Found {
  const keys = new Map<string, string>();
  const untranslated: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const where = (node: ts.Node) => `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.arguments.length > 0) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const first = node.arguments[0];
        if ((name === 't' || name === 'msg') && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          keys.set(first.text, where(node));
        }
      }
      if (ts.isJsxText(node) && englishWords(node.text).length > 0) {
        untranslated.push(`${where(node)} ${node.text.trim().replace(/\s+/g, ' ')}`);
      }
      if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
        for (const literal of shownLiterals(node.expression)) {
          if (englishWords(literal.text).length > 0) untranslated.push(`${where(literal)} ${JSON.stringify(literal.text)}`);
        }
      }
      // on HTML elements (a component's prop of that name may be translated inside it, e.g. a title given as msg(…))
      const onElement = ts.isJsxAttribute(node) && /^[a-z]/.test(node.parent.parent.tagName.getText());
      if (ts.isJsxAttribute(node) && onElement && READER_ATTRIBUTES.test(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer)) {
        if (englishWords(node.initializer.text).length > 0) untranslated.push(`${where(node)} ${node.name.getText()}="${node.initializer.text}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { keys, untranslated };
}

const found = scan();

/** A key counted with i18next plurals is translated as `key_one` / `key_other`. */
const translated = (key: string) => key in zhCN || `${key}_other` in zhCN;

describe('UI translations', () => {
  it('finds the keys of the interface', () => {
    // a scan that finds nothing would pass every check below
    expect(found.keys.size).toBeGreaterThan(300);
    expect(found.keys.has('Plans and pricing')).toBe(true);
  });

  it('has a Simplified Chinese text for every key used with t(…) or msg(…)', () => {
    const missing = [...found.keys].filter(([key]) => !translated(key)).map(([key, at]) => `${at} ${JSON.stringify(key)}`);
    expect(missing).toEqual([]);
  });

  it('shows no English text in JSX outside the translator', () => {
    expect(found.untranslated).toEqual([]);
  });

  it('has a Simplified Chinese text for every message the server or the catalogue may show', () => {
    const texts = [...Object.values(Messages), ...Object.values(PublishMessages), ...Object.values(ErrorCatalogue).map((e) => e.message)];
    // texts completed by the server ({minutes}, {mb}, {claimed}) arrive filled in and stay in English
    const missing = [...new Set(texts)].filter((text) => !/\{\w+\}/.test(text) && !translated(text));
    expect(missing).toEqual([]);
  });

  it('has a Simplified Chinese text for the menus, tools and template categories', () => {
    const texts = [
      ...HEADER_ITEMS.flatMap((item) => [
        item.label,
        ...(item.kind === 'menu' ? item.groups.flatMap((g) => [g.label ?? '', ...g.links.map((l) => l.label)]) : []),
      ]),
      ACCOUNT_LINK.label,
      ...FOOTER_COLUMNS.flatMap((c) => [c.title, ...c.links.map((l) => l.label)]),
      ...TOOLS.flatMap((tool) => [tool.name, tool.description]),
      ...Object.values(TOOL_GROUP_LABELS),
      ...Object.values(TEMPLATE_CATEGORY_LABELS),
    ].filter(Boolean);
    expect(texts.length).toBeGreaterThan(40);
    expect(texts.filter((text) => !translated(text))).toEqual([]);
  });

  it('keeps the placeholders of each key in its translation', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const broken = Object.entries(zhCN)
      .filter(([key, value]) => placeholders(key.replace(/_(one|other)$/, '')).join() !== placeholders(value).join())
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });
});
