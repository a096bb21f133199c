import { afterAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { useMessageText, useT } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import { renderScreen, screen } from './support/render';

/**
 * The messages catalogue never holds a page back (issue 37): a screen in German paints with its own words while the
 * shared rules' sentences are still on their way, shows a rule's message in English meanwhile, and reads it in German
 * once the catalogue is in. This file loads nothing ahead, so the catalogue is not in when the screen first renders.
 */
afterAll(() => act(() => applyLanguage('en')));

function Reason() {
  const t = useT('common');
  const say = useMessageText();
  return (
    <p>
      <span>{t('language')}</span> <span data-testid="rule">{say('Please enter a reason')}</span>
    </p>
  );
}

describe('a rule’s message while the messages catalogue comes', () => {
  it('paints the page in German at once, the message in English until the German arrives', async () => {
    act(() => applyLanguage('de'));
    renderScreen(<Reason />, { path: '/' });
    // The page's own words (its area) are in; the rule's message is not held back for the catalogue.
    expect(await screen.findByText('Sprache')).toBeTruthy();
    expect(screen.getByTestId('rule').textContent).toBe('Please enter a reason');
    await screen.findByText('Bitte geben Sie einen Grund an');
  });
});
