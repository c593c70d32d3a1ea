import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web';

@injectable()
export class NewsletterMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Newsletter', url: '/newsletter', sequence: 60 }];
  }
}
