import type { ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { MEDIUM_AND_WIDER, useMediaQuery } from '../lib/use-media-query';

/**
 * Tooltips must sit inside one (the plan and add-on steps each have one). It is not at the app's root
 * because radix-tooltip would then be part of every page's first load.
 */
export const TooltipProvider = RadixTooltip.Provider;

/** A tooltip shown on medium and wider screens only (spec); on phones the trigger stands alone. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const wide = useMediaQuery(MEDIUM_AND_WIDER);
  if (!wide) return <>{children}</>;
  return (
    <RadixTooltip.Root delayDuration={150}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content sideOffset={6} className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg" role="tooltip">
          {content}
          <RadixTooltip.Arrow className="fill-slate-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
