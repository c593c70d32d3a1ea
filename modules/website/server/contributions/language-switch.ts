import { injectable } from 'inversify';
import type { LanguageSwitchContribution } from '@platform/web';

/** The layout's language selector goes through `/website/lang/<code>?r=<path>` (it sets the cookie). */
@injectable()
export class WebsiteLanguageSwitch implements LanguageSwitchContribution {
  switchUrl(langCode: string, path: string): string {
    return `/website/lang/${langCode}?r=${encodeURIComponent(path)}`;
  }
}
