/*
 * Imported first by the entry points that serve real traffic: React's server renderer is several
 * times slower in its development build (prop checks, owner stacks), which it picks from NODE_ENV.
 * An explicit NODE_ENV (e.g. `development` while working on React code) is kept.
 */
process.env.NODE_ENV ??= 'production';
export {};
