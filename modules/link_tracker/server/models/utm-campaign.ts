import { utmModel } from './utm-model';

export const UtmCampaign = utmModel('utm.campaign', 'Campaign', 'campaign');
