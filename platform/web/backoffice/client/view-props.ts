import type { BackofficeAction } from '../contribution-points';
import type { Route } from './route';

/**
 * What a view contributed through BackofficeViewContribution receives. A replacement of a model's
 * view gets the model and the route (the record id for a form); a screen gets its menu action.
 * It may render the generic views itself (GenericList, GenericForm in this folder) around its own parts.
 */
export interface BackofficeViewProps {
  route: Route;
  model?: string;
  action: BackofficeAction | null;
}
