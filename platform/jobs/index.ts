/* The face of platform/jobs: scheduled jobs a module contributes. */
export * from './job-contribution';
export * from './cli-command';
