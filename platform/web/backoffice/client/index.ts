/* The browser face of the back office for modules' views: its context, the generic form, relation inputs, the ORM client. */
export * from './backoffice-context';
export * from './generic-form';
export * from './orm';
export * from './record-title';
export * from './relation-inputs';
export * from './view-props';
export { datesFor } from './format';
export * from './unsaved-changes';
