import { ADD_ON_TYPES, type AddOnType } from '../../../shared/plans';
import { Spinner } from '../spinner';
import { Tooltip, TooltipProvider } from '../tooltip';
import { InfoIcon, StepHeading } from './help-popover';
import { FeatureList, PricingError } from './step-plan';
import { useWizard } from './wizard-store';
import { Button } from '../ui/button';

const TRAVEL_NOTE = '+ travel costs';
const TRAVEL_TOOLTIP = "We'll be in touch to discuss travel costs if outside of London";

const isAddOnType = (v: string): v is AddOnType => (ADD_ON_TYPES as readonly string[]).includes(v);

/** Step 2, 'Optional Add-ons': each card toggles between 'Add Item' and 'Added'; several may be chosen. */
export function StepAddOns() {
  const { state, dispatch } = useWizard();
  const addons = state.pricing?.addons ?? [];
  return (
    <TooltipProvider>
      <section>
        <StepHeading title="Optional Add-ons" />
        {state.pricingLoading ? <Spinner /> : null}
        <PricingError error={state.pricingError} />
        <div className="grid gap-4 md:grid-cols-2" role="list" aria-label="Add-ons">
          {addons.map((addon) => {
            const added = isAddOnType(addon.type) && state.addOns.includes(addon.type);
            const note = addon.note ?? (addon.type === 'hosted' ? TRAVEL_NOTE : undefined);
            const noteTooltip = addon.note_tooltip ?? (addon.type === 'hosted' ? TRAVEL_TOOLTIP : undefined);
            return (
              <article
                key={addon.type}
                role="listitem"
                aria-label={addon.name}
                className={`flex flex-col rounded-2xl border-2 bg-white p-5 shadow-sm ${added ? 'border-brand-500 ring-2 ring-brand-400' : 'border-slate-200'}`}
              >
                <h3 className="text-xl font-bold text-slate-900">{addon.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{addon.description}</p>
                <p className="mt-4 flex flex-wrap items-baseline gap-2">
                  <span className="text-3xl font-extrabold text-slate-900">{addon.formatted_amount}</span>
                  {note ? (
                    <span className="inline-flex items-center gap-1 text-sm text-slate-700">
                      {note}
                      {noteTooltip ? (
                        <Tooltip content={noteTooltip}>
                          <Button variant="unstyled" className="inline-flex text-slate-500 hover:text-slate-900" aria-label={`About travel costs: ${noteTooltip}`}>
                            <InfoIcon />
                          </Button>
                        </Tooltip>
                      ) : null}
                    </span>
                  ) : null}
                </p>
                <div className="flex-1">
                  <FeatureList features={addon.features} />
                </div>
                <Button
                  variant="unstyled"
                  aria-pressed={added}
                  aria-label={`${added ? 'Added' : 'Add Item'}: ${addon.name}`}
                  onClick={() => {
                    if (isAddOnType(addon.type)) dispatch({ type: 'toggleAddOn', addOn: addon.type });
                  }}
                  className={`mt-6 w-full rounded-lg px-4 py-2.5 font-semibold ${added ? 'bg-slate-900 text-white' : 'bg-brand-400 text-slate-900 hover:bg-brand-500'}`}
                >
                  {added ? 'Added' : 'Add Item'}
                </Button>
              </article>
            );
          })}
        </div>
      </section>
    </TooltipProvider>
  );
}
