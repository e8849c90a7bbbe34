/** What pages and other features may use of the collections feature (its entry point; the rest is internal). */
export { ChargesPanel } from './ChargesPanel';
export { DayPortfolio } from './DayPortfolio';
export { NotesPanel } from './NotesPanel';
export { RecordPaymentForm } from './RecordPaymentForm';
export { RemindersPanel } from './RemindersPanel';
export { collectionsKeys } from './queries';
export { ProductFilter, productName } from './ProductFilter';
export type { NamedProduct } from './ProductFilter';
export type { CollectionsPage, PortfolioDto, ServicingStaff } from './queries';
