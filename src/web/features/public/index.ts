/** What pages and other features may use of the public feature (its entry point; the rest is internal). */
export { ContactForm } from './ContactForm';
export { LanguageSwitch } from './LanguageSwitch';
export { QueryState } from './QueryState';
export { WhyCards } from './WhyCards';
export { productFacts } from './facts';
export { useLegalDialog } from './useLegalDialog';
