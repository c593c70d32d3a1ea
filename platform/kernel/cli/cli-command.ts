export * from '@platform/jobs/cli-command';
