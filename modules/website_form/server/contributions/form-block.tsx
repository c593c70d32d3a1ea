import { inject, injectable } from 'inversify';
import { LanguageCatalog, type RequestContext } from '@platform/http';
import type { DynamicBlockContribution } from '@modules/website';
import type { FormInput, InputType, WebsiteFormProps } from '../../common/form-block';
import { INPUT_TYPES } from '../../common/form-block';
import FormBlockOptions from '../../web/islands/form-block-options';
import WebsiteForm from '../../web/islands/website-form';
import { FORM_BLOCK_FIELD_MODEL, FORM_BLOCK_MODEL } from '../models/website-form-block';
import { FormWhitelist } from '../services/form-whitelist';

/** The placeholder's id, and its option naming the form block record (`data-form-key`). */
export const FORM_BLOCK_ID = 'website_form.form';
const KEY = /^[a-z0-9_-]{1,64}$/;
const MAX_RELATION_CHOICES = 300;

function choicesOf(text: unknown): Array<[string, string]> {
  if (typeof text !== 'string') return [];
  return text.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 30).map((l) => {
    const [value, label] = l.includes('|') ? l.split('|', 2) : [l, l];
    return [value.trim(), (label ?? value).trim()];
  });
}

/**
 * The Form block: a placeholder the editor inserts, rendered here as the form island from its
 * `website.form.block` record. A block of a model no longer enabled, or of a missing record, shows nothing.
 */
@injectable()
export class WebsiteFormBlock implements DynamicBlockContribution {
  readonly id = FORM_BLOCK_ID;
  readonly name = 'Form';
  readonly insertable = true;

  constructor(
    @inject(FormWhitelist) private readonly whitelist: FormWhitelist,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
  ) {}

  /** The form's props, or null when the block is missing or its model is no longer enabled. */
  async props(req: RequestContext, key: string): Promise<WebsiteFormProps | null> {
    if (!KEY.test(key)) return null;
    const su = req.env.sudo().withLang(req.lang);
    const [block] = await su.model(FORM_BLOCK_MODEL).search_read([['key', '=', key]], ['form_model_id', 'success_page', 'success_message', 'button_label'], { limit: 1 });
    if (!block || !Array.isArray(block.form_model_id)) return null;
    const [config] = await su.model('website.form.model').read([Number(block.form_model_id[0])], ['model']);
    const target = config ? await this.whitelist.enabled(req.env, String(config.model)) : null;
    if (!target) return null;
    const lines = await su.model(FORM_BLOCK_FIELD_MODEL).search_read([['block_id', '=', Number(block.id)]], ['field_name', 'label', 'input_type', 'required', 'placeholder', 'choices'], { limit: 30 });
    const inputs: FormInput[] = [];
    for (const l of lines) {
      const name = String(l.field_name);
      const spec = target.fields.get(name);
      const type = (INPUT_TYPES as readonly string[]).includes(String(l.input_type)) ? String(l.input_type) as InputType : 'text';
      let choices = choicesOf(l.choices);
      if (!choices.length && spec?.selectionLabels) choices = spec.selectionLabels;
      if (!choices.length && spec?.comodel && spec.comodel !== 'ir.attachment') {
        // Relations offer the records the visitor may read (countries, say), with the visitor's rights.
        const found = await req.env.model(spec.comodel).name_search('', [], 'ilike', MAX_RELATION_CHOICES);
        choices = found.map(([id, label]) => [String(id), label]);
      }
      inputs.push({ name, label: String(l.label), type, required: Boolean(l.required), placeholder: l.placeholder ? String(l.placeholder) : '', choices });
    }
    const lang = await this.languages.find(req.lang);
    const mine = req.params.wf === key;
    return {
      action: '/website_form/', model: target.model, blockKey: key, page: req.path, inputs,
      buttonLabel: block.button_label ? String(block.button_label) : '',
      successPage: block.success_page ? String(block.success_page) : '',
      successMessage: block.success_message ? String(block.success_message) : '',
      dateFormat: lang?.dateFormat ?? 'MM/DD/YYYY', timeFormat: lang?.timeFormat ?? 'HH:mm:ss',
      notice: mine && req.params.wf_sent === '1' ? { kind: 'success', text: '' } : undefined,
    };
  }

  /** The options dialog next to the page editor (publishers in edit mode only). */
  async editorOptions() {
    return <FormBlockOptions block={FORM_BLOCK_ID} />;
  }

  async render(req: RequestContext, options: Record<string, string>) {
    const props = await this.props(req, options['form-key'] ?? '');
    return props ? <WebsiteForm {...props} /> : null;
  }
}
