/* website_mail's test-support face. */
export * from './follow-confirmation';
