import { Button } from '../ui/button';
import { useT } from '../../lib/i18n';

type StepIndicatorProps = {
  labels: readonly string[];
  current: number;
  canJump: (step: number) => boolean;
  onJump: (step: number) => void;
};

/** Numbered steps; the current one is marked for assistive technology, reachable ones can be jumped to. */
export function StepIndicator({ labels, current, canJump, onJump }: StepIndicatorProps) {
  const t = useT('wizard');
  return (
    <nav aria-label={t('bookingSteps')} className="mb-6">
      <p className="mb-2 text-sm font-medium text-slate-600 sm:sr-only">
        {t('stepOf', { step: current + 1, count: labels.length, label: labels[current] ?? '' })}
      </p>
      <ol className="flex items-center gap-1 sm:gap-2">
        {labels.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          const circle =
            state === 'current'
              ? 'bg-slate-900 text-white'
              : state === 'done'
                ? 'bg-brand-400 text-slate-900'
                : 'border border-slate-300 bg-white text-slate-700';
          return (
            <li key={label} className="flex flex-1 items-center gap-1 sm:gap-2">
              <Button
                variant="unstyled"
                disabled={index === current || !canJump(index)}
                aria-current={index === current ? 'step' : undefined}
                onClick={() => onJump(index)}
                className="flex items-center gap-2 rounded-full disabled:cursor-default"
              >
                <span className="sr-only">{t('stepLabel', { step: index + 1, label })}</span>
                <span aria-hidden="true" className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${circle}`}>
                  {index + 1}
                </span>
                <span aria-hidden="true" className={`hidden text-sm lg:inline ${state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
                  {label}
                </span>
              </Button>
              {index < labels.length - 1 ? <span aria-hidden="true" className={`h-0.5 flex-1 ${index < current ? 'bg-brand-400' : 'bg-slate-200'}`} /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
