import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { firstInteraction } from '../../lib/first-interaction';
import { Button } from '../ui/button';
import { INFO_BUTTON_CLASS, InfoIcon } from './info-icon';
import { STEP_HEADING_CLASS } from './first-frame';

export { INFO_BUTTON_CLASS, InfoIcon } from './info-icon';

type HelpPopoverProps = { label: string; children: ReactNode };

// The popover itself (Radix, with its positioning library: about 20 KB gzip) is not part of the wizard's first load
// (issue 37, its 150 KB budget): it is fetched on the page's first interaction, as the later steps are. Until then a
// plain button of the same look stands in; clicked before the chunk arrives, the popover opens as soon as it does.
let loaded: ComponentType<HelpPopoverProps & { defaultOpen: boolean }> | null = null;
const loadPopover = () =>
  import('./help-popover-radix').then((m) => {
    loaded = m.RadixHelpPopover;
    return loaded;
  });

/** An info icon that opens a short help text (click or keyboard, on every screen size). */
export function HelpPopover({ label, children }: HelpPopoverProps) {
  const [Popover, setPopover] = useState(() => loaded);
  const [clicked, setClicked] = useState(false);
  useEffect(() => {
    if (Popover) return;
    let live = true;
    void firstInteraction()
      .then(loadPopover)
      .then((component) => live && setPopover(() => component))
      // A failed fetch leaves the stand-in; the next click tries again.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [Popover]);
  if (Popover) {
    return (
      <Popover label={label} defaultOpen={clicked}>
        {children}
      </Popover>
    );
  }
  return (
    <Button
      variant="unstyled"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      className={INFO_BUTTON_CLASS}
      onClick={() => {
        setClicked(true);
        void loadPopover()
          .then((component) => setPopover(() => component))
          .catch(() => undefined);
      }}
    >
      <InfoIcon />
    </Button>
  );
}

export function StepHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className={STEP_HEADING_CLASS.header}>
      <h2 className={STEP_HEADING_CLASS.title}>{title}</h2>
      {subtitle ? <p className={STEP_HEADING_CLASS.subtitle}>{subtitle}</p> : null}
    </header>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
