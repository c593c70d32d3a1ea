/* mass_mailing's test-support face: the SMTP sink, fixtures and the sending services other tests and benchmarks drive. */
export * from './smtp-sink';
export * from './fixtures';
export * from './confirmation';
export { MailingSender } from '../../server/services/mailing-sender';
export { MailingComposer } from '../../server/services/mailing-composer';
export { MailingTokens } from '../../server/services/mailing-tokens';
