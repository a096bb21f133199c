import type { ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { INFO_BUTTON_CLASS, InfoIcon } from './info-icon';

/** HelpPopover's popover (help-popover.tsx), a chunk of its own: open at once when the stand-in was clicked first. */
export function RadixHelpPopover({ label, children, defaultOpen }: { label: string; children: ReactNode; defaultOpen: boolean }) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger type="button" aria-label={label} className={INFO_BUTTON_CLASS}>
        <InfoIcon />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label={label}
          className="z-50 max-w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg"
        >
          {children}
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
