import { describe, expect, it } from 'vitest';
import { buttonClass, inputClass } from './classes';

describe('kit classes', () => {
  it('keeps dark text on the amber primary button in every density (issue 11 contrast)', () => {
    for (const size of ['sm', 'md', 'lg'] as const) {
      const cls = buttonClass('primary', size).split(' ');
      expect(cls).toContain('bg-brand-400');
      expect(cls).toContain('text-slate-900');
      expect(cls).not.toContain('text-white');
    }
  });

  it('shows a disabled button as disabled and keeps the booker controls touch-sized', () => {
    expect(buttonClass('danger')).toContain('disabled:opacity-50');
    expect(buttonClass('secondary', 'lg')).toContain('min-h-11');
    expect(inputClass('lg')).toContain('py-2.5');
  });

  it('gives an unstyled button no kit look, so its own classes are the only ones, and a link button the link look', () => {
    expect(buttonClass('unstyled')).toBe('');
    expect(buttonClass('unstyled', 'lg')).toBe('');
    expect(buttonClass('link')).toContain('underline');
    expect(buttonClass('link')).toContain('disabled:opacity-50');
  });
});
