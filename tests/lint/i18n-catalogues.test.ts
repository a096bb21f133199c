import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES } from '../../src/shared/i18n/languages';

/**
 * The catalogues' guards (issue 38, decision 0590): every language has every key of English and no other, every
 * message parses as ICU and uses the English message's variables, no key is unused, and the screens converted to the
 * catalogues render no literal user-facing text of their own.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'src/web/i18n');
const SHARED = path.join(ROOT, 'src/shared/i18n');

type Catalogue = Record<string, string>;
const readJson = (file: string): Catalogue => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;

/** Every catalogue as [name, language → catalogue]: the web areas and the server's two. */
function catalogues(): [string, Record<string, Catalogue>][] {
  const areas = readdirSync(path.join(WEB, 'en')).filter((f) => f.endsWith('.json'));
  const web = areas.map((file): [string, Record<string, Catalogue>] => [
    `web/${file}`,
    Object.fromEntries(LANGUAGES.map((l) => [l, readJson(path.join(WEB, l, file))])),
  ]);
  const shared = ['messages.json', 'mail.json'].map((file): [string, Record<string, Catalogue>] => [
    `shared/${file}`,
    Object.fromEntries(LANGUAGES.map((l) => [l, readJson(path.join(SHARED, l, file))])),
  ]);
  return [...web, ...shared];
}

/** The variables an ICU message uses (`{name}`, `{n, plural, …}`), sorted. */
function variablesOf(message: string, locale: string): string[] {
  const names = new Set<string>();
  const visit = (elements: unknown): void => {
    if (!Array.isArray(elements)) return;
    for (const element of elements) {
      if (typeof element !== 'object' || element === null) continue;
      if ('value' in element && typeof element.value === 'string' && 'type' in element && element.type !== 0) names.add(element.value);
      if ('options' in element && typeof element.options === 'object' && element.options !== null) {
        for (const option of Object.values(element.options)) if (typeof option === 'object' && option !== null && 'value' in option) visit(option.value);
      }
    }
  };
  visit(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

/** Text files under a folder, recursively (source only). */
function sources(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the catalogues', () => {
  it('give every language exactly the keys of English', () => {
    const problems: string[] = [];
    for (const [name, byLanguage] of catalogues()) {
      const english = Object.keys(byLanguage.en ?? {});
      for (const language of LANGUAGES) {
        const keys = Object.keys(byLanguage[language] ?? {});
        for (const key of english) if (!keys.includes(key)) problems.push(`${name} ${language}: missing ${key}`);
        for (const key of keys) if (!english.includes(key)) problems.push(`${name} ${language}: not in English ${key}`);
        for (const key of keys) if (!(byLanguage[language]?.[key] ?? '').trim()) problems.push(`${name} ${language}: empty ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('hold ICU messages that parse and use the English message’s variables', () => {
    const problems: string[] = [];
    for (const [name, byLanguage] of catalogues()) {
      for (const [key, english] of Object.entries(byLanguage.en ?? {})) {
        const wanted = variablesOf(english, 'en');
        for (const language of LANGUAGES) {
          const message = byLanguage[language]?.[key] ?? '';
          try {
            const used = variablesOf(message, language);
            if (used.join() !== wanted.join()) problems.push(`${name} ${language} ${key}: uses {${used.join(', ')}}, English {${wanted.join(', ')}}`);
          } catch (error) {
            problems.push(`${name} ${language} ${key}: ${String(error)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('have no key that no code uses', () => {
    const web = sources(path.join(ROOT, 'src/web'), /\.tsx?$/)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const server = [...sources(path.join(ROOT, 'src/server'), /\.ts$/), ...sources(path.join(ROOT, 'src/shared'), /\.ts$/)]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused: string[] = [];
    for (const [name, byLanguage] of catalogues()) {
      for (const key of Object.keys(byLanguage.en ?? {})) {
        if (name.startsWith('web/')) {
          if (!web.includes(`'${key}'`)) unused.push(`${name}: ${key}`);
        } else if (name === 'shared/mail.json') {
          if (!server.includes(`'${key}'`)) unused.push(`${name}: ${key}`);
        } else {
          // The messages catalogue is keyed by the English the rules write: each fixed part of it is in the source.
          const parts = key.split(/\{\w+\}/).filter((p) => p.trim().length >= 3);
          if (!parts.every((p) => server.includes(p) || web.includes(p))) unused.push(`${name}: ${key}`);
        }
      }
    }
    expect(unused).toEqual([]);
  });
});

/**
 * Every screen of the web app (issue 38): its JSX renders no literal text and no literal label, hint or placeholder;
 * everything a reader sees comes through `t()` or the messages catalogue. Every `.tsx` file under src/web is read, so
 * a new screen is held to it from its first line, with no list to forget to add it to.
 */
const SCREENS = sources(path.join(ROOT, 'src/web'), /\.tsx$/).map((file) => path.relative(ROOT, file));
/** Text that is not language: the brand's wordmark, and symbols. */
const NOT_WORDS = new Set(['hatch']);
const TEXT_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'aria-description']);

function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const isWords = (text: string) => /\p{L}{2,}/u.test(text) && !NOT_WORDS.has(text.trim());
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (isWords(node.initializer.text)) found.push(`${node.name.getText(source)}="${node.initializer.text}"`);
    }
    // A string or template written straight into JSX ({'Loading...'}, {`Step ${n}`}).
    if (ts.isJsxExpression(node) && node.expression && (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression))) {
      if (isWords(node.expression.text)) found.push(`{'${node.expression.text}'}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the screens', () => {
  it('reads every screen of the app', () => {
    expect(SCREENS).toContain(path.join('src', 'web', 'features', 'wizard', 'wizard-page.tsx'));
    expect(SCREENS).toContain(path.join('src', 'web', 'features', 'admin-mail', 'mail-page.tsx'));
    expect(SCREENS.length).toBeGreaterThan(200);
  });

  it.each(SCREENS)('%s renders no literal user-facing text', (file) => {
    expect(literalTexts(file)).toEqual([]);
  });

  it('catches literal text when there is some', () => {
    // The guard itself: a screen written without the catalogues is found out (a fixture, so it stays unconverted).
    expect(literalTexts('tests/lint/fixtures/literal-text.tsx')).toEqual([
      'aria-label="Not from a catalogue"',
      'Hello, literal words',
      'placeholder="Type here"',
    ]);
  });
});
