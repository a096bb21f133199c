import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The UI kit everywhere: a raw `<button>` or `<table>` in a screen is a lint error (eslint.config.js), the kit itself
 * may render them. Probes at real paths, so a misspelt file pattern that silently passes everything fails here.
 */
const eslint = new ESLint();

async function rules(at: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: at });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const screen = (element: string) => `export function Probe() {\n  return <${element} />;\n}\n`;

describe('UI kit rule', () => {
  it.each([
    ['a raw button in a feature', 'src/web/features/auth/probe.tsx', 'button type="button"'],
    ['a raw table in a feature', 'src/web/features/admin-users/probe.tsx', 'table'],
    ['a raw button in a shared component', 'src/web/components/probe.tsx', 'button type="button"'],
  ])('refuses %s', async (_name, at, element) => {
    expect(await rules(at, screen(element))).toContain('no-restricted-syntax');
  });

  it('lets the kit render them, and screens use the kit', async () => {
    expect(await rules('src/web/components/ui/probe.tsx', screen('button type="button"'))).not.toContain('no-restricted-syntax');
    const kit = "import { Button } from '../../components/ui';\nexport function Probe() {\n  return <Button>Save</Button>;\n}\n";
    expect(await rules('src/web/features/auth/probe.tsx', kit)).not.toContain('no-restricted-syntax');
  });
});
