import { injectable } from 'inversify';
import type { ModelContribution } from '@platform/orm/model-contribution';
import type { ModelDefinition } from '@platform/orm/model-definition';
import { IrAttachment } from './models/ir-attachment';
import { IrFilters } from './models/ir-filters';
import { ResCountry, ResCountryState } from './models/res-country';
import { ResGroups } from './models/res-groups';
import { ResLang } from './models/res-lang';
import { ResPartner } from './models/res-partner';
import { ResUsers } from './models/res-users';
import { Website } from './models/website';

@injectable()
export class BaseModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [ResLang, ResCountry, ResCountryState, ResPartner, ResGroups, ResUsers, Website, IrAttachment, IrFilters];
  }
}
