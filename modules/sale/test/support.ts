/* The shop's test-support face: what other modules' tests and the benchmarks use to drive a checkout. */
export { Buyer, CARDS, acquirerId, countryId, frenchAddress, stateId, variantOf } from './checkout-fixture';
