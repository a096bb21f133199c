// The wizard's steps after the first, loaded together by later-steps.tsx.
export { StepAddOns } from '../../components/booking-wizard/step-addons';
export { StepContact } from '../../components/booking-wizard/step-contact';
export { StepPlan } from '../../components/booking-wizard/step-plan';
export { StepSummary } from '../../components/booking-wizard/step-summary';
