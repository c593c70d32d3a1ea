import { useId, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { ModalDialog, useT } from '@platform/web/client';
import { blockImage, currentBlock, setBlockLook } from './block-commands';

/** Backgrounds in the theme's vocabulary (they follow the site's primary colour). */
export const BACKGROUNDS: Array<{ value: string; label: string; classes: string[] }> = [
  { value: 'none', label: 'None', classes: [] },
  { value: 'light', label: 'Light grey', classes: ['bg-body-tertiary', 'block-bg'] },
  { value: 'primary', label: 'Primary colour', classes: ['text-bg-primary', 'block-bg'] },
  { value: 'dark', label: 'Dark', classes: ['text-bg-dark', 'block-bg'] },
];
const ALIGNMENTS: Array<{ value: string; label: string; cls: string | null }> = [
  { value: 'default', label: 'As designed', cls: null },
  { value: 'start', label: 'Left', cls: 'text-start' },
  { value: 'center', label: 'Centre', cls: 'text-center' },
  { value: 'end', label: 'Right', cls: 'text-end' },
];
const MANAGED = new Set(['bg-body-tertiary', 'text-bg-primary', 'text-bg-dark', 'block-bg', 'block-bg-image', 'text-start', 'text-center', 'text-end']);
const BACKGROUND_URL = /background-image:\s*url\((["']?)([^"')]+)\1\)/;

export type ImageTarget = 'background' | 'picture';

/** The block's options as chosen in the dialog, read from and written to its classes and style. */
export interface Look { background: string; align: string; backgroundImage: string }

function readLook(classes: string[], style: string): Look {
  const background = [...BACKGROUNDS].reverse().find((b) => b.classes.length && b.classes.every((c) => classes.includes(c)))?.value ?? 'none';
  const align = ALIGNMENTS.find((a) => a.cls && classes.includes(a.cls))?.value ?? 'default';
  return { background, align, backgroundImage: BACKGROUND_URL.exec(style)?.[2] ?? '' };
}

/**
 * The options of the selected block: background (a colour of the theme or a picture of the media
 * library), text alignment, and its picture when it has one. Applied to the block's classes and
 * style; the server's sanitiser keeps only site images as backgrounds.
 */
export function BlockOptionsDialog({ editor, initial, picked, onChooseImage, onClose }: {
  editor: Editor;
  /** The options as they were when the dialog left for the media library. */
  initial: Look | null;
  /** A picture just chosen in the media library for this dialog. */
  picked: { target: ImageTarget; src: string } | null;
  onChooseImage: (target: ImageTarget, keep: Look) => void;
  onClose: () => void;
}) {
  const _t = useT();
  const id = useId();
  const block = currentBlock(editor.state);
  const classes = String(block?.node.attrs.class ?? '').split(/\s+/).filter(Boolean);
  const [look, setLook] = useState<Look>(() => {
    const start = initial ?? readLook(classes, String(block?.node.attrs.style ?? ''));
    return picked?.target === 'background' ? { ...start, backgroundImage: picked.src } : start;
  });
  if (!block) return null;
  const image = blockImage(block);

  const apply = () => {
    const next = classes.filter((c) => !MANAGED.has(c));
    next.push(...(BACKGROUNDS.find((b) => b.value === look.background)?.classes ?? []));
    const align = ALIGNMENTS.find((a) => a.value === look.align)?.cls;
    if (align) next.push(align);
    if (look.backgroundImage) next.push('block-bg', 'block-bg-image');
    const style = look.backgroundImage ? `background-image:url('${look.backgroundImage.replace(/['\\]/g, '')}')` : null;
    setBlockLook(editor, { class: [...new Set(next)].join(' ') || null, style });
    onClose();
  };
  const choose = (target: ImageTarget) => onChooseImage(target, look);

  return (
    <ModalDialog open title={_t('Block options')} onClose={onClose}
      footer={<button type="button" className="btn btn-primary block-options-apply" onClick={apply}>{_t('Apply')}</button>}>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-bg`}>{_t('Background')}</label>
        <select id={`${id}-bg`} className="form-select block-background" value={look.background} onChange={(e) => setLook({ ...look, background: e.target.value })}>
          {BACKGROUNDS.map((b) => <option key={b.value} value={b.value}>{_t(b.label)}</option>)}
        </select>
      </div>
      <div className="mb-3">
        <span className="form-label d-block" id={`${id}-bgimg`}>{_t('Background picture')}</span>
        <div className="d-flex flex-wrap align-items-center gap-2" role="group" aria-labelledby={`${id}-bgimg`}>
          {look.backgroundImage ? <img src={`${look.backgroundImage}?size=image_small`} alt="" width={64} height={40} className="rounded object-fit-cover" /> : <span className="text-body-secondary">{_t('None')}</span>}
          <button type="button" className="btn btn-sm btn-outline-secondary block-background-choose" onClick={() => choose('background')}>{_t('Choose…')}</button>
          {look.backgroundImage ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setLook({ ...look, backgroundImage: '' })}>{_t('Remove picture')}</button> : null}
        </div>
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{_t('Text alignment')}</legend>
        <div className="d-flex flex-wrap gap-3">
          {ALIGNMENTS.map((a) => (
            <div key={a.value} className="form-check">
              <input className="form-check-input" type="radio" name={`${id}-align`} id={`${id}-align-${a.value}`} value={a.value}
                checked={look.align === a.value} onChange={() => setLook({ ...look, align: a.value })} />
              <label className="form-check-label" htmlFor={`${id}-align-${a.value}`}>{_t(a.label)}</label>
            </div>
          ))}
        </div>
      </fieldset>
      {image ? (
        <div className="mb-1">
          <span className="form-label d-block" id={`${id}-pic`}>{_t('Picture')}</span>
          <div className="d-flex flex-wrap align-items-center gap-2" role="group" aria-labelledby={`${id}-pic`}>
            <img src={image.src} alt={image.alt} width={96} height={64} className="rounded object-fit-cover" />
            <button type="button" className="btn btn-sm btn-outline-secondary block-picture-choose" onClick={() => choose('picture')}>{_t('Change picture…')}</button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
