/* The bus's test-support face: what other modules' tests and the benchmarks use to drive the bus. */
export * from '../bus-test-support';
export * from '../server-process';
export { defaultBusOptions } from '../../server/services/bus-options';
