/*
 * A website form as its page shows it and as the editor's Form block saves it: the field types an
 * input may have, the limits of uploads and of a block, the island's props and the editor's schema.
 */
import { array, boolean, object, string, type InferType } from 'yup';

export const INPUT_TYPES = ['text', 'email', 'tel', 'url', 'number', 'textarea', 'date', 'datetime', 'checkbox', 'checkboxes', 'select', 'radio', 'file', 'hidden'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** Uploads: the platform stops reading a post past these (413). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 5;
export const MAX_REQUEST_BYTES = 12 * 1024 * 1024;
/** File types accepted, by what their bytes are (file-type), not by their name. */
export const ACCEPTED_FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/webp': 'WebP',
  'application/zip': 'ZIP', 'text/plain': 'text',
};
export const FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.zip,.txt';

/** The hidden field a person never fills: a post with a value in it is a robot's. */
export const HONEYPOT_FIELD = 'website_form_signature';
/** The hidden field carrying the browser's time zone (datetimes typed are in it). */
export const TIMEZONE_FIELD = 'website_form_tz';
/** The hidden field naming the page the form is on (no-JS answers go back there). */
export const PAGE_FIELD = 'website_form_page';
/** The hidden field naming the form block posted (its required fields are checked). */
export const BLOCK_FIELD = 'website_form_block';
/** Form fields that are the form's own, never a record's value. */
export const RESERVED_FIELDS = new Set([HONEYPOT_FIELD, TIMEZONE_FIELD, PAGE_FIELD, BLOCK_FIELD, 'csrf_token', 'context']);

export const MAX_BLOCK_FIELDS = 30;
export const MAX_CHOICES = 30;

/** One input of a rendered form. */
export interface FormInput {
  name: string;
  label: string;
  type: InputType;
  required: boolean;
  /** The placeholder; for a `hidden` input, its fixed value (sent as one of the form's `form_field_` data values). */
  placeholder: string;
  /** select, radio, checkboxes: [value, label]. */
  choices: Array<[string, string]>;
  /**
   * Whether a value must be one of `choices` (the block's own list, or a selection field's keys). False
   * for records of a relation: the page offers some of them, the server checks the id against the database.
   */
  checkChoices: boolean;
}

/** The props of the form island (and of the no-JS form it renders on the server). */
export interface WebsiteFormProps {
  /** Posted to `action + (forceAction || model)` (the spec's force_action or model_name). */
  action: string;
  model: string;
  /** Another model open to forms the post goes to (the block's "force action"). */
  forceAction?: string;
  blockKey: string;
  /** The page the form is on (no-JS answers come back to it). */
  page: string;
  inputs: FormInput[];
  buttonLabel: string;
  successPage: string;
  successMessage: string;
  dateFormat: string;
  timeFormat: string;
  /** No-JS round trip: the server's message per refused field, and what was typed. */
  errors?: Record<string, string>;
  values?: Record<string, string | string[]>;
  /** No-JS round trip: a message for the whole form (a success message or a refusal). */
  notice?: { kind: 'success' | 'danger'; text: string };
}

/** What the endpoint answers (the spec's form reply; `messages`: the server's message per refused field). */
export type FormReply = { id: number } | { error_fields: string[]; message?: string; messages?: Record<string, string> };

export const websiteFormUrls = {
  submit: (model: string) => `/website_form/${model}`,
  statusTemplate: '/website_form/status_template',
  /** A file sent with a form, downloaded by the site's staff. */
  attachment: (id: number) => `/website_form/attachment/${id}`,
  editorModels: '/website_form/editor/models',
  editorBlock: '/website_form/editor/block',
  editorSave: '/website_form/editor/save',
};

/** The status messages the form shows (the spec's template, loaded with GET). */
export interface StatusTemplate { success: string; invalid: string; error: string; sending: string }

const inputSchema = object({
  name: string().required().max(128).matches(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Field names are letters, digits and underscores.'),
  label: string().trim().required('Each field needs a label.').max(128),
  type: string().required().oneOf([...INPUT_TYPES]),
  required: boolean().required(),
  placeholder: string().max(128).default(''),
  choices: string().max(2000).default(''),
});

/** What the editor's Form block dialog saves (and the route checks). */
export const blockSaveSchema = object({
  key: string().max(64).matches(/^[a-z0-9_-]*$/).default(''),
  name: string().trim().required('Give the form a name.').max(128),
  model: string().required('Choose what the form creates.').max(128),
  fields: array(inputSchema).required().min(1, 'Add at least one field.').max(MAX_BLOCK_FIELDS),
  success_page: string().max(256).matches(/^(\/[^\s]*)?$/, 'A path on this site, such as /contactus-thank-you.').default(''),
  success_message: string().max(1000).default(''),
  button_label: string().max(64).default(''),
});
export type BlockSave = InferType<typeof blockSaveSchema>;

/** A model as the editor offers it: its label and the fields forms may fill. */
export interface EditorModel {
  model: string;
  label: string;
  fields: Array<{ name: string; label: string; type: string; required: boolean; selection?: Array<[string, string]> }>;
}
