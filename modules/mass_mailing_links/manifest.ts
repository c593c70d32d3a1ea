import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'mass_mailing_links',
  version: '1.0.0',
  displayName: 'Newsletter click tracking',
  color: '#495057',
  infrastructure: true,
  summary: 'Newsletter clicks go through the link tracker (UTM campaign = mailing, medium Email, source Newsletter)',
  depends: ['mass_mailing', 'link_tracker'],
  autoInstall: true,
  server: () => (require('./server/mass-mailing-links-module') as typeof import('./server/mass-mailing-links-module')).massMailingLinksModule,
});
