/*
 * The public face of website_form: other modules import this file only (`@modules/website_form`), and only
 * when their manifest depends on website_form. Everything else in this folder may change without notice.
 */
export { FormWhitelist, type EnabledModel } from './server/services/form-whitelist';
export { FormSubmission, type SubmissionResult } from './server/services/form-submission';
export { LEAD_MODEL } from './server/models/website-form-lead';
export { FORM_BLOCK_ID } from './server/contributions/form-block';
export type { WebsiteFormProps, FormReply } from './common/form-block';
