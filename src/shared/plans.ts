import { localized, type Translations } from './i18n/content';
import type { Language } from './i18n/languages';

/** Plan and add-on content shown to bookers; prices come from the price list (see prices.ts). */
export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'GBP';

export const PLAN_TYPES = ['standard', 'pro', 'bespoke'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const ADD_ON_TYPES = ['hosted'] as const;
export type AddOnType = (typeof ADD_ON_TYPES)[number];

/** What the price list and the translations of plans and add-ons call each kind of item. */
export const CATALOGUE_ITEM_KINDS = ['plan', 'addon'] as const;
export type CatalogueItemKind = (typeof CATALOGUE_ITEM_KINDS)[number];
/** What of a plan or an add-on staff may translate (decision 0630); the rest (features, notes) is the frame's. */
export const ITEM_TRANSLATED_FIELDS = ['name', 'description'] as const;
export type ItemTranslatedField = (typeof ITEM_TRANSLATED_FIELDS)[number];

/** Staff's translations of plans' and add-ons' names and descriptions (decision 0630): kind → type → translations. */
export type ItemTranslations = Partial<Record<CatalogueItemKind, Partial<Record<string, Translations<ItemTranslatedField>>>>>;

export type Feature = { text: string; tooltip?: string; is_new?: boolean; description?: string };

export type PlanContent = { type: PlanType; name: string; description: string; features: Feature[] };
export type AddOnContent = {
  type: AddOnType;
  name: string;
  description: string;
  features: Feature[];
  note?: string;
  note_tooltip?: string;
};

export const RECOMMENDED_PLAN: PlanType = 'pro';

export const PLANS: readonly PlanContent[] = [
  {
    type: 'standard',
    name: 'Standard',
    description: 'Everything you need for a thrilling Chicken hunt',
    features: [
      { text: 'Playable anytime, anywhere', tooltip: 'Pick any date, time and city: the game runs wherever your group meets.' },
      { text: 'Default challenges', tooltip: 'A ready-made set of city challenges, chosen for your group.' },
      { text: 'Post-game photo album', tooltip: 'Every photo challenge your teams submit, in one album after the game.' },
      { text: 'Runs in the browser, no installs', tooltip: 'Players join from their phone browser with the game code: no app to download.' },
      { text: 'Up to 500 players' },
    ],
  },
  {
    type: 'pro',
    name: 'Weapons',
    description: 'Everything in Standard, plus power-ups that turn the hunt into a battle',
    features: [
      { text: 'Everything in Standard' },
      {
        text: 'Power-ups',
        is_new: true,
        description: 'Egg Strike, Radar, Rusty Compass and more',
        tooltip: 'Teams collect power-ups at item stations and use them from their Backpack during the hunt.',
      },
      { text: 'Egg Strike', is_new: true, tooltip: 'Freeze a rival team for a short time.' },
      { text: 'Radar', is_new: true, tooltip: 'A short glimpse of how close the Chicken is.' },
      { text: 'Rusty Compass', is_new: true, tooltip: 'Points roughly towards the Chicken - roughly.' },
    ],
  },
  {
    type: 'bespoke',
    name: 'Bespoke',
    description: 'Everything in Weapons, plus a game planned around your event',
    features: [
      { text: 'Everything in Weapons' },
      { text: 'Venue booking', tooltip: 'We find and book the start and finish venues for your group.' },
      { text: 'Bespoke challenges', tooltip: 'Challenges written for your team, brand or city.' },
      { text: 'Event planning', tooltip: 'A planner works with you on the whole day.' },
    ],
  },
];

export const ADD_ONS: readonly AddOnContent[] = [
  {
    type: 'hosted',
    name: 'In-Person Host',
    description: 'A member of our team joins you in person to run the game.',
    features: [
      { text: 'A host from our team on the day' },
      { text: 'Chicken costumes included' },
      { text: 'Briefing, refereeing and the prize-giving run for you' },
    ],
    note: '+ travel costs',
    note_tooltip: "We'll be in touch to discuss travel costs if outside of London",
  },
];

/**
 * The one rule for a hosted game (docs/decisions/0195): the Bespoke plan includes a host, any other plan
 * is hosted only with the In-Person Host add-on, which is then charged. The flag is never set on its own.
 */
export function isHostedGame(planType: string, addOns: readonly unknown[]): boolean {
  return planType === 'bespoke' || addOns.some((a) => a === 'hosted' || (typeof a === 'object' && a !== null && 'type' in a && a.type === 'hosted'));
}

/** Plans whose games have power-ups (item stations, the Backpack, weapon effects): Weapons and Bespoke. */
export const POWER_UP_PLANS: readonly PlanType[] = ['pro', 'bespoke'];

/** Whether a plan includes power-ups: its game starts with weapons on when the booking is paid (issue 19). */
export function planHasPowerUps(planType: string): boolean {
  return (POWER_UP_PLANS as readonly string[]).includes(planType);
}

export function isPlanType(value: string): value is PlanType {
  return (PLAN_TYPES as readonly string[]).includes(value);
}

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** A plan's name and description for a reader of `language`: staff's translation, else the English (decision 0630). */
export function planText(type: string, language: Language, translations?: ItemTranslations): { name: string; description: string } {
  const plan = PLANS.find((p) => p.type === type);
  const english = { name: plan?.name ?? type, description: plan?.description ?? '' };
  return localized(english, translations?.plan?.[type], language, ITEM_TRANSLATED_FIELDS);
}

/** An add-on's name and description for a reader of `language`, the same way. */
export function addOnText(type: string, language: Language, translations?: ItemTranslations): { name: string; description: string } {
  const addOn = ADD_ONS.find((a) => a.type === type);
  const english = { name: addOn?.name ?? type, description: addOn?.description ?? '' };
  return localized(english, translations?.addon?.[type], language, ITEM_TRANSLATED_FIELDS);
}

type PricedItem = { name: string; description: string; translations?: Translations<ItemTranslatedField> | undefined };

/** A price list (`/api/pricing`) with each plan's and add-on's name and description in the reader's language. */
export function localizedPricing<P extends { plans: PricedItem[]; addons: PricedItem[] }>(pricing: P, language: Language): P {
  const pick = <I extends PricedItem>(item: I): I => localized(item, item.translations, language, ITEM_TRANSLATED_FIELDS);
  return { ...pricing, plans: pricing.plans.map(pick), addons: pricing.addons.map(pick) };
}
