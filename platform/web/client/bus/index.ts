/* The browser face of the bus client: one connection per site shared by the tabs. */
export * from './bus-connection';
export * from './shared-bus';
export * from './timings';
