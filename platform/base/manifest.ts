import path from 'node:path';
import { defineManifest } from '@platform/core/manifest';
import { BASE_ACCESS, BASE_RULES } from './data/access';
import { baseData } from './data/base-data';
import { BASE_GROUPS } from './data/groups';

export default defineManifest({
  name: 'base',
  version: '1.0.0',
  summary: 'Contacts, users, groups, countries, languages and websites: what every module stands on',
  depends: [],
  autoInstall: true,
  server: () => (require('./server/base-module') as typeof import('./server/base-module')).baseModule,
  migrations: path.join(__dirname, 'migrations'),
  web: { islands: [path.join(__dirname, 'web/islands/logo-upload.tsx')], styles: [path.join(__dirname, 'web/base.css')] },
  // Sessions, rate-limit counters and job claims: written on many requests, shown on no page.
  unseenTables: ['http_session', 'rate_limit', 'ir_cron'],
  groups: BASE_GROUPS,
  access: BASE_ACCESS,
  rules: BASE_RULES,
  data: baseData,
});
