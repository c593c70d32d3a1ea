import 'reflect-metadata';

// Tests run quiet; set LOG_LEVEL=debug to see server logs.
process.env.LOG_LEVEL ??= 'silent';
